package io.carillon.console.internal.exchange.xxljob;

import java.util.List;

/** What an xxl-job database holds that the import reads: its executors and its jobs, each by id. */
record XxlJobExport(List<XxlJobGroup> groups, List<XxlJobInfo> jobs) {

    XxlJobExport {
        groups = List.copyOf(groups);
        jobs = List.copyOf(jobs);
    }
}
