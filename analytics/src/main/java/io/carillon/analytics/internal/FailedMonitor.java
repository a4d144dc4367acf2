package io.carillon.analytics.internal;

import java.time.Instant;
import java.util.List;

/**
 * The failed rule's state of one job: the final failures and successes in a row, the last fires counted (so a result
 * read twice counts once), and the open incident, if any.
 */
record FailedMonitor(
        int failures, int successes, List<String> countedFires, String incidentId, Instant openedAt, int count) {

    FailedMonitor {
        countedFires = countedFires == null ? List.of() : List.copyOf(countedFires);
    }

    static FailedMonitor empty() {
        return new FailedMonitor(0, 0, List.of(), null, null, 0);
    }

    boolean isOpen() {
        return incidentId != null;
    }
}
