package io.carillon.worker.internal;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The runs an executor holds, each with its {@link RunState}, by run id, and how many are in each state.
 *
 * <p>Threading: changed only under the executor's lock; read from any thread without it (the heartbeats, a kill's
 * check): each answer is exact at some instant, a sum of counts may mix instants.
 */
final class RunStates {

    private record Held(RunExecution execution, RunState state) {}

    private final Map<String, Held> byRunId = new ConcurrentHashMap<>();
    private final AtomicIntegerArray counts = new AtomicIntegerArray(RunState.values().length);

    /** Puts {@code execution} in {@code state}, from whatever state it was in. */
    void put(RunExecution execution, RunState state) {
        Held before = byRunId.put(execution.runId(), new Held(execution, state));
        if (before != null) {
            counts.decrementAndGet(before.state().ordinal());
        }
        counts.incrementAndGet(state.ordinal());
    }

    /** Takes {@code execution} out; returns the state it was in, or null when it was not held. */
    RunState remove(RunExecution execution) {
        Held held = byRunId.get(execution.runId());
        if (held == null || held.execution() != execution || !byRunId.remove(execution.runId(), held)) {
            return null;
        }
        counts.decrementAndGet(held.state().ordinal());
        return held.state();
    }

    /** The state of {@code execution}, or null when it is not held. */
    RunState stateOf(RunExecution execution) {
        Held held = byRunId.get(execution.runId());
        return held != null && held.execution() == execution ? held.state() : null;
    }

    /** The run with this id, or null. */
    RunExecution find(String runId) {
        Held held = byRunId.get(runId);
        return held == null ? null : held.execution();
    }

    /** Whether a run with this id is held, in any state. */
    boolean holds(String runId) {
        return byRunId.containsKey(runId);
    }

    /** How many runs are in {@code state}. */
    int count(RunState state) {
        return counts.get(state.ordinal());
    }

    /** How many runs wait: in any state but RUNNING. */
    int waitingCount() {
        int waiting = 0;
        for (RunState state : RunState.values()) {
            if (state.isWaiting()) {
                waiting += count(state);
            }
        }
        return waiting;
    }

    /** Early places taken: runs waiting for their {@code dueAt}, and SERIAL runs queued that arrived before it. */
    int earlyPlacesTaken() {
        return count(RunState.EARLY) + count(RunState.QUEUED_EARLY);
    }

    /** The runs in {@code state}, in no order. */
    List<RunExecution> all(RunState state) {
        return byRunId.values().stream()
                .filter(held -> held.state() == state)
                .map(Held::execution)
                .toList();
    }

    boolean isEmpty() {
        return byRunId.isEmpty();
    }
}
