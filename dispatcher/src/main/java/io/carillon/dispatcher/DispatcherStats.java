package io.carillon.dispatcher;

import java.util.Map;

/**
 * A snapshot of what a {@link Dispatcher} has done since it started. Immutable.
 *
 * @param apps               per worker app (absent until the first fire of that app)
 * @param assignedPartitions partitions of {@code fires} this instance owns now
 * @param heldFires          fires held, waiting for their instant, at the end of the last loop iteration
 * @param deadLetters        records sent to the dlq topic
 * @param transactions       Kafka transactions committed (triggers, results and {@code fires} offsets together)
 */
public record DispatcherStats(
        Map<String, AppStats> apps, int assignedPartitions, int heldFires, long deadLetters, long transactions) {

    public DispatcherStats {
        apps = Map.copyOf(apps);
    }

    /** The stats of {@code app}, zero when it had no fire. */
    public AppStats app(String app) {
        return apps.getOrDefault(app, AppStats.ZERO);
    }

    /**
     * Fires of one app. Lateness is dispatched time minus scheduled time of each trigger, in milliseconds.
     *
     * @param dispatched          triggers produced
     * @param noWorker            fires answered with NO_WORKER because no live instance could take them
     * @param skipped             fires answered with SKIPPED: later than their misfire threshold, policy DO_NOTHING
     * @param totalLatenessMillis sum of the lateness of all triggers
     * @param maxLatenessMillis   the largest lateness seen
     * @param lastLatenessMillis  the lateness of the latest trigger
     */
    public record AppStats(
            long dispatched,
            long noWorker,
            long skipped,
            long totalLatenessMillis,
            long maxLatenessMillis,
            long lastLatenessMillis) {

        public static final AppStats ZERO = new AppStats(0, 0, 0, 0, 0, 0);

        /** The mean lateness of the triggers, 0 when none. */
        public double meanLatenessMillis() {
            return dispatched == 0 ? 0 : (double) totalLatenessMillis / dispatched;
        }

        public AppStats plusDispatched(long latenessMillis) {
            return new AppStats(
                    dispatched + 1,
                    noWorker,
                    skipped,
                    totalLatenessMillis + latenessMillis,
                    Math.max(maxLatenessMillis, latenessMillis),
                    latenessMillis);
        }

        public AppStats plusNoWorker() {
            return new AppStats(
                    dispatched, noWorker + 1, skipped, totalLatenessMillis, maxLatenessMillis, lastLatenessMillis);
        }

        public AppStats plusSkipped() {
            return new AppStats(
                    dispatched, noWorker, skipped + 1, totalLatenessMillis, maxLatenessMillis, lastLatenessMillis);
        }
    }
}
