package io.carillon.bench.internal;

import io.carillon.worker.JobContext;
import io.carillon.worker.JobHandlerFunction;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;

/**
 * The bench worker's handlers (no-op, and failing for the alerting figures) and what they saw: every handler start,
 * keyed by (job, scheduled instant, shard, attempt), with how often that key started and the wall-clock instant of its
 * first start. This is the harness's own count, independent of Carillon's metrics. {@link #handler()} is called on the
 * worker's run threads; the other methods may be called from any thread at the same time.
 */
public final class HandlerStarts {

    private final Clock clock;
    private final Map<StartKey, Starts> starts = new ConcurrentHashMap<>();
    private final LongAdder total = new LongAdder();

    public HandlerStarts(Clock clock) {
        this.clock = clock;
    }

    /** The handler: reads the clock first, records the start, returns at once. */
    public JobHandlerFunction handler() {
        return this::record;
    }

    /** The failing handler: records the start as {@link #handler()} does, then throws, so the run ends FAILED. */
    public JobHandlerFunction failingHandler() {
        return context -> {
            record(context);
            throw new FailingOnPurpose(context.jobId());
        };
    }

    private Object record(JobContext context) {
        Instant startedAt = clock.instant();
        add(
                new StartKey(
                        context.jobId(), context.scheduledAt().toEpochMilli(), context.shardIndex(), context.attempt()),
                micros(startedAt));
        return null;
    }

    /**
     * Records one start of {@code key} at {@code startMicros} (epoch µs), as read from a worker process's start
     * file; the first start is the earliest recorded, whatever the order of the calls.
     */
    void add(StartKey key, long startMicros) {
        starts.compute(key, (ignored, seen) -> seen == null ? new Starts(startMicros) : seen.startedAgain(startMicros));
        total.increment();
    }

    /** Every handler start so far, of any fire. */
    public long total() {
        return total.sum();
    }

    /** Whether {@code key} started at least once. */
    public boolean started(StartKey key) {
        return starts.containsKey(key);
    }

    /** Calls {@code action} with each key and how often and when it first started. */
    public void forEach(BiConsumer<StartKey, Starts> action) {
        starts.forEach(action);
    }

    /** How often {@code key} started: 0 when it never did. */
    public int count(StartKey key) {
        Starts found = starts.get(key);
        return found == null ? 0 : found.count();
    }

    /** The first start of {@code key} in microseconds since the epoch, or -1 when it never started. */
    public long firstStartMicros(StartKey key) {
        Starts found = starts.get(key);
        return found == null ? -1 : found.firstStartMicros();
    }

    static long micros(Instant instant) {
        return instant.getEpochSecond() * 1_000_000L + instant.getNano() / 1_000;
    }

    /** What the failing handler throws: the bench job fails on purpose. */
    static final class FailingOnPurpose extends RuntimeException {
        FailingOnPurpose(String jobId) {
            super("carillon-bench: " + jobId + " fails on purpose");
        }
    }

    /** One run of a fire as the handler saw it. */
    public record StartKey(String jobId, long scheduledMillis, int shard, int attempt) {}

    /**
     * How often a key started and when it first did; thread-safe. It is made at the key's first start, so whoever
     * sees it, while starts are still being added too, sees it started at least once.
     */
    public static final class Starts {
        private final AtomicLong firstStartMicros;
        private final AtomicInteger count = new AtomicInteger(1);

        Starts(long firstStartMicros) {
            this.firstStartMicros = new AtomicLong(firstStartMicros);
        }

        private Starts startedAgain(long startMicros) {
            count.incrementAndGet();
            firstStartMicros.accumulateAndGet(startMicros, Math::min);
            return this;
        }

        public long firstStartMicros() {
            return firstStartMicros.get();
        }

        public int count() {
            return count.get();
        }
    }
}
