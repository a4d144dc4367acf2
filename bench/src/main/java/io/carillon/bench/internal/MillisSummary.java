package io.carillon.bench.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Nearest-rank percentiles of a few thousand durations in milliseconds, exact (no sketch): for the figures that have
 * one sample per minute or per notification. Stateless.
 */
final class MillisSummary {

    private static final double P50 = 0.50;
    private static final double P99 = 0.99;

    private MillisSummary() {}

    /** {@code {count, p50, p99, max}} of {@code millis}; only {@code count} (0) when there is none. */
    static Map<String, Object> of(Collection<Long> millis) {
        List<Long> sorted = new ArrayList<>(millis);
        Collections.sort(sorted);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("count", sorted.size());
        if (!sorted.isEmpty()) {
            summary.put("p50", percentile(sorted, P50));
            summary.put("p99", percentile(sorted, P99));
            summary.put("max", sorted.get(sorted.size() - 1));
        }
        return summary;
    }

    /** The nearest-rank {@code quantile} (0 to 1) of the ascending, non-empty {@code sorted}. */
    static long percentile(List<Long> sorted, double quantile) {
        int rank = (int) Math.ceil(quantile * sorted.size());
        return sorted.get(Math.max(0, rank - 1));
    }
}
