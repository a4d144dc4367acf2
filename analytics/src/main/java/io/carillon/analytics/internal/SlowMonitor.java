package io.carillon.analytics.internal;

import java.time.Instant;
import java.util.List;

/**
 * The slow rule's state of one job: its p95 duration over the last day ({@code baselineP95Ms}, of
 * {@code baselineRuns} runs, recomputed as each hour closes), the last runs judged (so a result read twice counts
 * once), and the open incident, if any, with how many slow runs it holds.
 */
record SlowMonitor(
        long baselineP95Ms,
        long baselineRuns,
        List<String> judgedRuns,
        String incidentId,
        Instant openedAt,
        int count) {

    SlowMonitor {
        judgedRuns = judgedRuns == null ? List.of() : List.copyOf(judgedRuns);
    }

    static SlowMonitor empty() {
        return new SlowMonitor(0, 0, null, null, null, 0);
    }

    boolean isOpen() {
        return incidentId != null;
    }

    SlowMonitor withBaseline(long p95Ms, long runs) {
        return new SlowMonitor(p95Ms, runs, judgedRuns, incidentId, openedAt, count);
    }

    SlowMonitor withIncident(List<String> judged, String id, Instant opened, int newCount) {
        return new SlowMonitor(baselineP95Ms, baselineRuns, judged, id, opened, newCount);
    }
}
