package io.carillon.analytics.internal;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The workflow rules' state of one workflow: the instances watched ({@code watched}: running ones, and ended ones
 * whose WORKFLOW_FAILED incident is open, at most {@link WorkflowRules#MAX_WATCHED}), the last instances that ended
 * with nothing left open ({@code ended}, so their events read again change nothing), and the key of the workflow's
 * entry in the due index (the earliest overrun of its running instances).
 */
record WorkflowMonitor(List<Instance> watched, List<String> ended, String dueKey) {

    WorkflowMonitor {
        watched = watched == null ? List.of() : List.copyOf(watched);
        ended = ended == null ? List.of() : List.copyOf(ended);
    }

    static WorkflowMonitor empty() {
        return new WorkflowMonitor(List.of(), List.of(), null);
    }

    Optional<Instance> instance(String instanceId) {
        return watched.stream()
                .filter(each -> each.instanceId().equals(instanceId))
                .findFirst();
    }

    /**
     * One watched instance: the app its incidents name, when it started, how long it may run ({@code maxDurationMs},
     * null: no limit), the newest event {@code sequence} applied, whether it {@code endedOnce} (its overrun is not
     * judged after that), and its open incidents ({@code *IncidentId} and {@code *OpenedAt} null when none).
     */
    record Instance(
            String instanceId,
            String app,
            Instant startedAt,
            Long maxDurationMs,
            long sequence,
            boolean endedOnce,
            String failedIncidentId,
            Instant failedOpenedAt,
            String overrunIncidentId,
            Instant overrunOpenedAt) {

        /** When its overrun incident opens; null when it has no limit, has ended once, or its incident is open. */
        Instant overrunsAt() {
            return maxDurationMs == null || endedOnce || overrunIncidentId != null || startedAt == null
                    ? null
                    : startedAt.plusMillis(maxDurationMs);
        }

        boolean hasOpenIncident() {
            return failedIncidentId != null || overrunIncidentId != null;
        }

        Instance at(long newSequence) {
            return new Instance(
                    instanceId,
                    app,
                    startedAt,
                    maxDurationMs,
                    newSequence,
                    endedOnce,
                    failedIncidentId,
                    failedOpenedAt,
                    overrunIncidentId,
                    overrunOpenedAt);
        }

        Instance ended() {
            return new Instance(
                    instanceId,
                    app,
                    startedAt,
                    maxDurationMs,
                    sequence,
                    true,
                    failedIncidentId,
                    failedOpenedAt,
                    overrunIncidentId,
                    overrunOpenedAt);
        }

        Instance withFailed(String incidentId, Instant openedAt) {
            return new Instance(
                    instanceId,
                    app,
                    startedAt,
                    maxDurationMs,
                    sequence,
                    endedOnce,
                    incidentId,
                    openedAt,
                    overrunIncidentId,
                    overrunOpenedAt);
        }

        Instance withOverrun(String incidentId, Instant openedAt) {
            return new Instance(
                    instanceId,
                    app,
                    startedAt,
                    maxDurationMs,
                    sequence,
                    endedOnce,
                    failedIncidentId,
                    failedOpenedAt,
                    incidentId,
                    openedAt);
        }
    }
}
