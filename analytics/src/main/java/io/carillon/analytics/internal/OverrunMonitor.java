package io.carillon.analytics.internal;

import java.time.Instant;
import java.util.List;

/**
 * The overrun rule's state of one job: its runs seen starting and not yet ending ({@code running}, at most
 * {@link OverrunRule#MAX_RUNNING}), the last runs seen ending ({@code ended}, so a result read again is known), and
 * the key of the job's entry in the due index.
 */
record OverrunMonitor(String app, List<Run> running, List<String> ended, String dueKey) {

    OverrunMonitor {
        running = running == null ? List.of() : List.copyOf(running);
        ended = ended == null ? List.of() : List.copyOf(ended);
    }

    /**
     * A run that started at {@code startedAt} and may run {@code maxRuntimeMs}; {@code incidentId} and
     * {@code openedAt} are set once its incident opened.
     */
    record Run(String runId, String fireId, Instant startedAt, long maxRuntimeMs, String incidentId, Instant openedAt) {

        Instant overrunsAt() {
            return startedAt.plusMillis(maxRuntimeMs);
        }

        boolean isOpen() {
            return incidentId != null;
        }
    }

    boolean knows(String runId) {
        return ended.contains(runId)
                || running.stream().anyMatch(run -> run.runId().equals(runId));
    }
}
