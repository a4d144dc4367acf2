package io.carillon.analytics.internal;

import java.time.Instant;
import java.util.List;

/**
 * The failure-rate rule's state of one job: the fires counted in its window of {@code windowMs}, in {@code buckets}
 * of {@link #bucketMs()} each (oldest first), the last fires counted (so a result read twice counts once), the open
 * incident, if any, with how many failed fires it holds (those in the window when it opened, and each one after), and
 * the key of the job's entry in the due index.
 */
record FailureRateMonitor(
        String app,
        long windowMs,
        List<Bucket> buckets,
        List<String> countedFires,
        String incidentId,
        Instant openedAt,
        int count,
        String dueKey) {

    FailureRateMonitor {
        buckets = buckets == null ? List.of() : List.copyOf(buckets);
        countedFires = countedFires == null ? List.of() : List.copyOf(countedFires);
    }

    /** The fires counted, and of them those failed, whose results fall in {@code [start, start + bucketMs)}. */
    record Bucket(long start, int fires, int failed) {}

    long bucketMs() {
        return windowMs / FailureRateRule.BUCKETS;
    }

    /** When the oldest bucket leaves the window; null when there is none. */
    Instant nextExpiry() {
        return buckets.isEmpty() ? null : Instant.ofEpochMilli(buckets.get(0).start() + bucketMs() + windowMs);
    }

    boolean isOpen() {
        return incidentId != null;
    }

    int fires() {
        return buckets.stream().mapToInt(Bucket::fires).sum();
    }

    int failed() {
        return buckets.stream().mapToInt(Bucket::failed).sum();
    }
}
