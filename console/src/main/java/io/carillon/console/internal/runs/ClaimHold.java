package io.carillon.console.internal.runs;

import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Worker claims held back before they are written to {@code runs}. A worker claims a run (a STARTED result without
 * {@code startedAt}) a moment before it is due and reports its end soon after for most runs; holding the claim for
 * {@code hold} lets the claim and the run's next result be written as one row change instead of an insert and an
 * update. A claim leaves the hold with its run's next result, once it has been held for {@code hold}, or when more
 * than {@code capacity} claims are held (the oldest first). Claims are plain results of the upsert's merge, so
 * writing one before, with or after its run's other results leaves the same row. Not thread-safe: the caller
 * guards it.
 */
final class ClaimHold {

    private final Duration hold;
    private final int capacity;
    private final Map<String, Held> held = new LinkedHashMap<>();

    /**
     * @param hold how long a claim waits for its run's next result; zero writes every claim at once
     * @param capacity the most claims held at once
     */
    ClaimHold(Duration hold, int capacity) {
        if (hold.isNegative() || capacity < 0) {
            throw new IllegalArgumentException(
                    "hold must not be negative (" + hold + ") nor capacity (" + capacity + ")");
        }
        this.hold = hold;
        this.capacity = capacity;
    }

    static boolean isClaim(RunResult result) {
        return result.status() == RunStatus.STARTED && result.startedAt() == null;
    }

    /**
     * Takes in one batch of results and returns what is to be written now, in order: the claims whose time is up,
     * then the batch without the claims it holds, each result preceded by its run's held claim.
     */
    List<RunResult> admit(List<RunResult> results, Instant now) {
        List<RunResult> write = new ArrayList<>(expired(now));
        for (RunResult result : results) {
            Held claim = held.remove(result.runId());
            if (claim != null) {
                write.add(claim.result());
            }
            if (isClaim(result) && !hold.isZero() && capacity > 0) {
                held.put(result.runId(), new Held(result, now.plus(hold)));
            } else {
                write.add(result);
            }
        }
        write.addAll(overflow());
        return write;
    }

    /** Removes and returns the claims held for {@code hold} or longer at {@code now}, oldest first. */
    List<RunResult> expired(Instant now) {
        return takeOldestWhile(claim -> !claim.until().isAfter(now));
    }

    /** Removes and returns every claim held. */
    List<RunResult> all() {
        List<RunResult> every = held.values().stream().map(Held::result).toList();
        held.clear();
        return every;
    }

    /** Holds again claims that {@link #admit} or {@link #expired} gave out and that could not be written. */
    void restore(List<RunResult> results, Instant now) {
        results.stream()
                .filter(ClaimHold::isClaim)
                .forEach(claim -> held.putIfAbsent(claim.runId(), new Held(claim, now)));
    }

    int size() {
        return held.size();
    }

    private List<RunResult> overflow() {
        return takeOldestWhile(claim -> held.size() > capacity);
    }

    private List<RunResult> takeOldestWhile(Predicate<Held> condition) {
        List<RunResult> taken = new ArrayList<>();
        Iterator<Held> oldestFirst = held.values().iterator();
        while (oldestFirst.hasNext()) {
            Held claim = oldestFirst.next();
            if (!condition.test(claim)) {
                break;
            }
            taken.add(claim.result());
            oldestFirst.remove();
        }
        return taken;
    }

    private record Held(RunResult result, Instant until) {}
}
