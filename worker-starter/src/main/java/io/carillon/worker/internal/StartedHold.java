package io.carillon.worker.internal;

import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Holds each STARTED result back for {@code hold} before it is handed over, so that a run whose terminal result comes
 * within that time costs one record on {@code results}: the terminal result carries {@code startedAt} and everything
 * else STARTED says, and every consumer of {@code results} reads a terminal result without a STARTED before it as the
 * run's start and end. A run's results keep their order: a PROGRESS (or any other result of the run that is not
 * terminal) hands its held STARTED over first. Instants are {@link System#nanoTime()} readings, passed in. Not
 * thread-safe: {@link ResultSender} calls it under its lock.
 */
final class StartedHold {

    private record Held(RunResult started, long releaseAt) {}

    private final long holdNanos;
    private final Map<String, Held> held = new LinkedHashMap<>();
    private long leftOut;

    StartedHold(Duration hold) {
        this.holdNanos = hold.toNanos();
    }

    /** Takes {@code result}, submitted by {@code now}, adding to {@code out} what is to be handed over now, in order. */
    void take(RunResult result, long now, List<RunResult> out) {
        Held started = held.remove(result.runId());
        if (result.status() == RunStatus.STARTED) {
            if (started != null) {
                out.add(started.started());
            }
            held.put(result.runId(), new Held(result, now + holdNanos));
            return;
        }
        if (started != null) {
            if (result.status().isTerminal()) {
                leftOut++;
            } else {
                out.add(started.started());
            }
        }
        out.add(result);
    }

    /** Adds to {@code out}, in the order they were taken, the STARTED results held until {@code now} or earlier. */
    void releaseDue(long now, List<RunResult> out) {
        for (Iterator<Held> it = held.values().iterator(); it.hasNext(); ) {
            Held next = it.next();
            if (next.releaseAt() - now > 0) {
                return;
            }
            out.add(next.started());
            it.remove();
        }
    }

    /** Adds every held STARTED result to {@code out}, in the order they were taken. */
    void releaseAll(List<RunResult> out) {
        held.values().forEach(next -> out.add(next.started()));
        held.clear();
    }

    /** Nanoseconds from {@code now} until the next held result is due, 0 when one is; -1 when none is held. */
    long nanosToNextRelease(long now) {
        if (held.isEmpty()) {
            return -1;
        }
        return Math.max(0, held.values().iterator().next().releaseAt() - now);
    }

    /** How many STARTED results were left out because their run's terminal result came within the hold. */
    long leftOut() {
        return leftOut;
    }
}
