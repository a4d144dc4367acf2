package io.carillon.console.internal.exchange.xxljob;

import java.util.List;

/**
 * The Carillon jobs an xxl-job database maps to, before anything is written: notes on the executors (renamed apps,
 * addresses that are not imported) and one {@link PlannedJob} per xxl-job job, in xxl-job id order.
 */
record ImportPlan(List<String> appNotes, List<PlannedJob> jobs) {

    ImportPlan {
        appNotes = List.copyOf(appNotes);
        jobs = List.copyOf(jobs);
    }
}
