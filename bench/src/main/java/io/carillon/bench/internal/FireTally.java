package io.carillon.bench.internal;

import io.carillon.bench.internal.HandlerStarts.StartKey;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * What the handler saw of the expected fires: how many arrived, were lost or ran twice, and the lateness of each
 * (first handler start minus scheduled instant) in an HdrHistogram of microseconds. Computed once, then immutable.
 */
public final class FireTally {

    private static final int SIGNIFICANT_DIGITS = 3;
    private static final double MICROS_PER_MILLI = 1000.0;

    private final long expected;
    private final long observed;
    private final long duplicates;
    private final long unexpected;
    private final long early;
    private final long lastStartMicros;
    private final Histogram latenessMicros;

    private FireTally(
            long expected,
            long observed,
            long duplicates,
            long unexpected,
            long early,
            long lastStartMicros,
            Histogram latenessMicros) {
        this.expected = expected;
        this.observed = observed;
        this.duplicates = duplicates;
        this.unexpected = unexpected;
        this.early = early;
        this.lastStartMicros = lastStartMicros;
        this.latenessMicros = latenessMicros;
    }

    /** Tallies {@code starts} against {@code fires}. */
    public static FireTally of(ExpectedFires fires, HandlerStarts starts) {
        Accumulator sums = new Accumulator(fires);
        starts.forEach(sums::add);
        return new FireTally(
                fires.count(),
                sums.observed,
                sums.duplicates,
                sums.unexpected,
                sums.early,
                sums.lastStartMicros,
                sums.lateness);
    }

    /** Sums over the starts of one tally; used by one thread. */
    private static final class Accumulator {
        private final ExpectedFires fires;
        private final Set<String> jobIds;
        private final Set<Long> instants;
        private final Histogram lateness = new Histogram(SIGNIFICANT_DIGITS);
        private long observed;
        private long duplicates;
        private long unexpected;
        private long early;
        private long lastStartMicros = -1;

        Accumulator(ExpectedFires fires) {
            this.fires = fires;
            this.jobIds = fires.jobIdSet();
            this.instants = fires.instantMillis();
        }

        void add(StartKey key, HandlerStarts.Starts seen) {
            if (!fires.inWindow(key)) {
                return;
            }
            duplicates += seen.count() - 1;
            if (!isExpected(key)) {
                unexpected++;
                return;
            }
            observed++;
            long micros = seen.firstStartMicros() - key.scheduledMillis() * 1_000L;
            if (micros < 0) {
                early++;
            }
            lateness.recordValue(Math.max(0, micros));
            lastStartMicros = Math.max(lastStartMicros, seen.firstStartMicros());
        }

        private boolean isExpected(StartKey key) {
            return key.shard() == 0
                    && key.attempt() == 1
                    && jobIds.contains(key.jobId())
                    && instants.contains(key.scheduledMillis());
        }
    }

    public long expected() {
        return expected;
    }

    /** Expected fires that reached a handler (each counted once). */
    public long observed() {
        return observed;
    }

    public long lost() {
        return expected - observed;
    }

    /** Handler starts beyond the first for one (job, instant, shard, attempt) in the window. */
    public long duplicates() {
        return duplicates;
    }

    /** Distinct starts in the window that no expected fire explains (another shard or attempt, off the grid). */
    public long unexpected() {
        return unexpected;
    }

    /** Expected fires whose handler started before the scheduled instant (counted as lateness 0). */
    public long early() {
        return early;
    }

    /** The latest first start of an expected fire, in microseconds since the epoch; -1 when none started. */
    public long lastStartMicros() {
        return lastStartMicros;
    }

    /** p50, p90, p99, p999 and max lateness in milliseconds (microsecond resolution); zeros when none started. */
    public Map<String, Double> latenessMs() {
        Map<String, Double> percentiles = new LinkedHashMap<>();
        percentiles.put("p50", millis(latenessMicros.getValueAtPercentile(50.0)));
        percentiles.put("p90", millis(latenessMicros.getValueAtPercentile(90.0)));
        percentiles.put("p99", millis(latenessMicros.getValueAtPercentile(99.0)));
        percentiles.put("p999", millis(latenessMicros.getValueAtPercentile(99.9)));
        percentiles.put("max", millis(latenessMicros.getMaxValue()));
        return percentiles;
    }

    private static double millis(long micros) {
        return Math.round(micros / MICROS_PER_MILLI * 10) / 10.0;
    }
}
