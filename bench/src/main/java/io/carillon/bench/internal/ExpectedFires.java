package io.carillon.bench.internal;

import io.carillon.bench.internal.HandlerStarts.StartKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The fires a workload expects exactly once: every job of {@code jobIds} at every instant of {@code instants}, first
 * attempt, shard 0. The window is [{@code from}, {@code to}). Immutable.
 */
public record ExpectedFires(List<String> jobIds, List<Instant> instants, Instant from, Instant to) {

    private static final long NONE_STARTED_MICROS = -1_000;

    public ExpectedFires {
        jobIds = List.copyOf(jobIds);
        instants = List.copyOf(instants);
    }

    public long count() {
        return (long) jobIds.size() * instants.size();
    }

    /** For each expected instant in order, how many of its fires reached a handler. */
    public List<Integer> observedPerInstant(HandlerStarts starts) {
        List<Integer> observed = new ArrayList<>(instants.size());
        for (Instant instant : instants) {
            long millis = instant.toEpochMilli();
            observed.add((int) jobIds.stream()
                    .filter(jobId -> starts.started(new StartKey(jobId, millis, 0, 1)))
                    .count());
        }
        return observed;
    }

    /**
     * For each expected instant in order, the latest first start of its fires in milliseconds after the instant
     * (0.1 ms resolution; 0 when all started on time or early, -1 when none started): which instants carry the tail.
     */
    public List<Double> maxLatenessPerInstant(HandlerStarts starts) {
        List<Double> latest = new ArrayList<>(instants.size());
        for (Instant instant : instants) {
            long millis = instant.toEpochMilli();
            long maxMicros = jobIds.stream()
                    .mapToLong(jobId -> starts.firstStartMicros(new StartKey(jobId, millis, 0, 1)))
                    .filter(micros -> micros >= 0)
                    .map(micros -> Math.max(0, micros - millis * 1_000L))
                    .max()
                    .orElse(NONE_STARTED_MICROS);
            latest.add(maxMicros / 100 / 10.0);
        }
        return latest;
    }

    boolean inWindow(StartKey key) {
        return key.scheduledMillis() >= from.toEpochMilli() && key.scheduledMillis() < to.toEpochMilli();
    }

    Set<String> jobIdSet() {
        return new HashSet<>(jobIds);
    }

    Set<Long> instantMillis() {
        Set<Long> millis = new HashSet<>();
        instants.forEach(instant -> millis.add(instant.toEpochMilli()));
        return millis;
    }
}
