package io.carillon.planner.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * The runs one stream task read a terminal result of within the last {@link #RETENTION} (at most
 * {@link #MAX_RUNS} of them), kept in memory as 64-bit hashes of their run ids. {@link OpenRuns} ignores a worker's
 * claim on such a run: a claim that reaches the planner after the run ended is one its worker gave up waiting
 * for (it was cut off from the brokers, its producer delivered the claim after the partition had moved on, and the
 * next owner ran the run and ended it), and opening the run again would end it LOST, and retry it, once that worker
 * leaves. Lost with the task (a planner that takes the task over knows nothing of the runs ended before): a claim
 * that late then opens the run as before. Used by one stream task's thread only.
 */
final class RecentlyEndedRuns {

    /**
     * Longer than the producers' default {@code delivery.timeout.ms} (2 min), the longest a claim waits in a
     * worker's producer before the producer gives it up.
     */
    static final Duration RETENTION = Duration.ofMinutes(3);

    /** Bounds the memory of a task that reads many results: about 80 bytes a run. */
    static final int MAX_RUNS = 100_000;

    private static final long HASH_MULTIPLIER = 0x9E3779B97F4A7C15L;

    private final Deque<Ended> order = new ArrayDeque<>();
    private final Map<Long, Integer> counts = new HashMap<>();

    /** The run {@code runId} ended, read at {@code now}. */
    void add(String runId, Instant now) {
        forgetOlderThan(now.minus(RETENTION));
        if (order.size() >= MAX_RUNS) {
            forget(order.removeFirst());
        }
        long hash = hash(runId);
        order.addLast(new Ended(hash, now));
        counts.merge(hash, 1, Integer::sum);
    }

    /** Whether the run {@code runId} ended within the retention before {@code now}. */
    boolean contains(String runId, Instant now) {
        forgetOlderThan(now.minus(RETENTION));
        return counts.containsKey(hash(runId));
    }

    int size() {
        return order.size();
    }

    private void forgetOlderThan(Instant oldest) {
        while (!order.isEmpty() && order.peekFirst().at().isBefore(oldest)) {
            forget(order.removeFirst());
        }
    }

    private void forget(Ended ended) {
        counts.computeIfPresent(ended.hash(), (hash, count) -> count == 1 ? null : count - 1);
    }

    /** A 64-bit hash of the run id: two 32-bit string hashes of its halves, mixed. */
    static long hash(String runId) {
        int half = runId.length() / 2;
        long high = runId.substring(0, half).hashCode();
        long low = runId.substring(half).hashCode() & 0xFFFF_FFFFL;
        return ((high << Integer.SIZE) | low) * HASH_MULTIPLIER + runId.length();
    }

    private record Ended(long hash, Instant at) {}
}
