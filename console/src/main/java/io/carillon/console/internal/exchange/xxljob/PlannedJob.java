package io.carillon.console.internal.exchange.xxljob;

import io.carillon.topics.events.JobDefinition;
import java.util.List;

/**
 * What the import does with one xxl-job job: create {@code definition}, or skip it for {@code skipReason} (then
 * {@code definition} is null). {@code notes} list what was changed or left out on the way (a renamed app, an alarm
 * email, a child that is not imported).
 */
record PlannedJob(int xxlJobId, String title, JobDefinition definition, String skipReason, List<String> notes) {

    PlannedJob {
        notes = List.copyOf(notes);
    }

    static PlannedJob create(XxlJobInfo source, JobDefinition definition, List<String> notes) {
        return new PlannedJob(source.id(), titleOf(source), definition, null, notes);
    }

    static PlannedJob skip(XxlJobInfo source, String reason) {
        return new PlannedJob(source.id(), titleOf(source), null, reason, List.of());
    }

    boolean skipped() {
        return definition == null;
    }

    private static String titleOf(XxlJobInfo source) {
        return source.description() == null || source.description().isBlank() ? source.handler() : source.description();
    }
}
