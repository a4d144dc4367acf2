package io.carillon.worker.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The runs of one job on this instance: those that belong to it in start order (holding a slot, or waiting for
 * their {@code dueAt} or for a slot), and those waiting behind them (SERIAL), in arrival order. Not thread-safe:
 * guarded by the {@link RunExecutor}'s lock.
 */
final class JobLane {

    private final List<RunExecution> running = new ArrayList<>();
    private final Deque<RunExecution> waiting = new ArrayDeque<>();

    /** Whether a run of the job holds a slot or waits for one. */
    boolean isBusy() {
        return !running.isEmpty() || !waiting.isEmpty();
    }

    /** The runs that belong to the job ahead of the waiting ones, oldest first. */
    List<RunExecution> running() {
        return List.copyOf(running);
    }

    /** The id of the oldest run ahead of the waiting ones, or {@code (none)}: for messages. */
    String busyRunId() {
        return running.isEmpty() ? "(none)" : running.get(0).runId();
    }

    void started(RunExecution execution) {
        running.add(execution);
    }

    void released(RunExecution execution) {
        running.remove(execution);
    }

    void enqueue(RunExecution execution) {
        waiting.addLast(execution);
    }

    /** The run that waited longest, taken off the queue, or null. */
    RunExecution nextWaiting() {
        return waiting.pollFirst();
    }

    boolean removeWaiting(RunExecution execution) {
        return waiting.remove(execution);
    }

    /** Every waiting run, taken off the queue. */
    List<RunExecution> takeWaiting() {
        List<RunExecution> taken = List.copyOf(waiting);
        waiting.clear();
        return taken;
    }
}
