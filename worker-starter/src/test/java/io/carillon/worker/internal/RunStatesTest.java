package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.BlockStrategy;
import io.carillon.worker.TestTriggers;
import org.junit.jupiter.api.Test;

class RunStatesTest {

    private final RunStates states = new RunStates();

    /** A run that is never started: the registry only reads its trigger. */
    private static RunExecution run(String name) {
        return new RunExecution(
                TestTriggers.manual("unit", "job", name, "hold", BlockStrategy.SERIAL, 0),
                context -> null,
                null,
                null,
                null,
                null);
    }

    @Test
    void aRunIsInOneStateAtATimeAndEachStateIsCounted() {
        RunExecution a = run("a");
        RunExecution b = run("b");

        states.put(a, RunState.EARLY);
        states.put(b, RunState.QUEUED_EARLY);
        assertThat(states.earlyPlacesTaken()).isEqualTo(2);
        assertThat(states.waitingCount()).isEqualTo(2);

        states.put(a, RunState.READY);
        states.put(b, RunState.RUNNING);

        assertThat(states.stateOf(a)).isEqualTo(RunState.READY);
        assertThat(states.count(RunState.EARLY)).isZero();
        assertThat(states.earlyPlacesTaken()).isZero();
        assertThat(states.waitingCount()).isEqualTo(1);
        assertThat(states.count(RunState.RUNNING)).isEqualTo(1);
        assertThat(states.all(RunState.RUNNING)).containsExactly(b);
    }

    @Test
    void removingARunTellsTheStateItLeftAndOnlyThatRunIsRemoved() {
        RunExecution a = run("a");
        RunExecution sameId = run("a");
        states.put(a, RunState.QUEUED);

        assertThat(states.remove(sameId)).as("another run with the same id").isNull();
        assertThat(states.holds("a#0")).isTrue();
        assertThat(states.stateOf(sameId)).isNull();

        assertThat(states.remove(a)).isEqualTo(RunState.QUEUED);
        assertThat(states.remove(a)).isNull();
        assertThat(states.holds("a#0")).isFalse();
        assertThat(states.count(RunState.QUEUED)).isZero();
        assertThat(states.isEmpty()).isTrue();
    }

    @Test
    void findsARunByItsId() {
        RunExecution a = run("a");
        states.put(a, RunState.RUNNING);

        assertThat(states.find("a#0")).isSameAs(a);
        assertThat(states.find("b#0")).isNull();
    }
}
