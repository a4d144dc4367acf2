package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.RunStatus;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Slots and threads: a trigger that finds no slot, and stopped handlers that keep their thread. */
class SlotPoolTest extends RunExecutorTestSupport {

    @Test
    void aTriggerThatNeedsASlotWaitsOutsideWhenNoneIsFree() throws InterruptedException {
        RunExecutor runs = executor(1);
        runs.offer(run("one", "a", BlockStrategy.PARALLEL));

        assertThat(runs.offer(run("two", "b", BlockStrategy.PARALLEL))).isFalse();
        assertThat(runs.awaitRoom(Duration.ofMillis(1))).isFalse();
        gates.open("a");
        assertThat(runs.awaitRoom(DEADLINE)).isTrue();
        assertThat(runs.offer(run("two", "b", BlockStrategy.PARALLEL))).isTrue();
    }

    @Test
    void aStuckHandlerGivesBackItsSlotWhenItTimesOutAndItsLateOutcomeIsIgnored() {
        RunExecutor runs = executor(1);
        runs.offer(run("stuck", "s", "stubborn", BlockStrategy.SERIAL, 50));
        soon().until(() -> terminal("s") != null);
        assertThat(terminal("s").status()).isEqualTo(RunStatus.TIMED_OUT);

        assertThat(runs.offer(run("next", "n", BlockStrategy.SERIAL))).isTrue();
        awaitEvent("start n");
        assertThat(runs.lingeringCount()).isEqualTo(1);
        assertThat(runs.runningCount()).isEqualTo(1);

        gates.open("s");
        soon().until(() -> runs.lingeringCount() == 0);
        assertThat(PublishedResults.endedWithoutStarted(statuses("s"))).containsExactly(RunStatus.TIMED_OUT);
    }

    @Test
    void aStuckSerialRunThatIsKilledLetsTheNextRunOfItsJobStart() {
        RunExecutor runs = executor(1);
        runs.offer(run("stuck", "s", "stubborn", BlockStrategy.SERIAL, 0));
        awaitEvent("start s");
        runs.offer(run("stuck", "t", BlockStrategy.SERIAL));

        runs.kill("s#0", "killed by test");

        awaitEvent("start t");
        assertThat(runs.lingeringCount()).isEqualTo(1);
    }
}
