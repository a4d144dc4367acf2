package io.carillon.worker.internal;

import io.carillon.topics.events.Trigger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The runs that wait for their {@code dueAt} (state {@link RunState#EARLY}) without a slot and without a thread:
 * runs due at one instant share one timer entry, so an instant's runs come due together however many they are.
 * When an entry's delay ends, the executor calls {@link #dueInstantReached} under its lock; a run that left the
 * EARLY state before (killed, shut down) stays in its group and is skipped.
 *
 * <p>Not thread-safe: guarded by the {@link RunExecutor}'s lock. Delays end on the timer thread, which
 * {@code onDelayEnded} takes into the executor's lock.
 */
final class EarlyRuns {

    private final Clock clock;
    private final Delays delays;
    private final RunStates states;
    private final Consumer<Instant> onDelayEnded;
    /** The runs kept until each {@code dueAt} that has a timer entry, in arrival order. */
    private final Map<Instant, List<RunExecution>> dueGroups = new HashMap<>();

    /** Early runs on {@code clock}, whose delays end through {@code onDelayEnded} (on a timer thread). */
    EarlyRuns(Clock clock, Delays delays, RunStates states, Consumer<Instant> onDelayEnded) {
        this.clock = clock;
        this.delays = delays;
        this.states = states;
        this.onDelayEnded = onDelayEnded;
    }

    /** Keeps {@code execution} until its {@code dueAt}. */
    void keep(RunExecution execution) {
        states.put(execution, RunState.EARLY);
        Instant dueAt = execution.trigger().dueAt();
        List<RunExecution> group = dueGroups.get(dueAt);
        if (group == null) {
            group = new ArrayList<>();
            dueGroups.put(dueAt, group);
            delays.after(untilDue(dueAt), () -> onDelayEnded.accept(dueAt));
        }
        group.add(execution);
    }

    /**
     * The delay of the runs due at {@code dueAt} ended: if that is now by the clock (else they wait the rest and this
     * returns false), each of them still early leaves the EARLY state and goes to {@code cameDue}, in arrival order.
     */
    boolean dueInstantReached(Instant dueAt, Consumer<RunExecution> cameDue) {
        Duration rest = untilDue(dueAt);
        if (!rest.isZero()) {
            delays.after(rest, () -> onDelayEnded.accept(dueAt));
            return false;
        }
        List<RunExecution> group = dueGroups.remove(dueAt);
        if (group == null) {
            return false;
        }
        for (RunExecution execution : group) {
            if (states.stateOf(execution) == RunState.EARLY) {
                states.remove(execution);
                cameDue.accept(execution);
            }
        }
        return true;
    }

    /** Whether {@code trigger} is due by the clock (it has no {@code dueAt}, or that is not ahead). */
    boolean isDue(Trigger trigger) {
        return untilDue(trigger.dueAt()).isZero();
    }

    /** How long until {@code dueAt} by the clock, rounded up to whole milliseconds; zero when due or null. */
    private Duration untilDue(Instant dueAt) {
        Instant now = clock.instant();
        if (dueAt == null || !dueAt.isAfter(now)) {
            return Duration.ZERO;
        }
        Duration wait = Duration.between(now, dueAt);
        Duration wholeMillis = Duration.ofMillis(wait.toMillis());
        return wholeMillis.equals(wait) ? wait : wholeMillis.plusMillis(1);
    }
}
