package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.RunStatus;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Kills and shutdown of the executor, whatever state the run is in. */
class RunExecutorTest extends RunExecutorTestSupport {

    @Test
    void killStopsARunningRunAndReportsItKilled() {
        RunExecutor runs = executor(2);
        runs.offer(run("long", "a", BlockStrategy.SERIAL));
        awaitEvent("start a");

        assertThat(runs.kill("a#0", "killed by test")).isTrue();

        assertThat(PublishedResults.endedWithoutStarted(statuses("a"))).containsExactly(RunStatus.KILLED);
        assertThat(terminal("a").message()).isEqualTo("killed by test");
        awaitEvent("interrupted a");
        assertThat(runs.kill("a#0", "again")).isFalse();
    }

    @Test
    void killOfAWaitingRunReportsItKilledAndItNeverStarts() {
        RunExecutor runs = executor(2);
        runs.offer(run("long", "a", BlockStrategy.SERIAL));
        awaitEvent("start a");
        runs.offer(run("long", "b", BlockStrategy.SERIAL));

        assertThat(runs.kill("b#0", "killed by test")).isTrue();

        assertThat(statuses("b")).containsExactly(RunStatus.KILLED);
        assertThat(terminal("b").message()).startsWith("killed by test").endsWith("before it started");
        gates.open("a");
        soon().until(() -> terminal("a") != null);
        assertThat(gates.events()).doesNotContain("start b");
    }

    @Test
    void killOfARunThatIsNotHereDoesNothing() {
        RunExecutor runs = executor(2);

        assertThat(runs.kill("elsewhere#0", "killed by test")).isFalse();
        assertThat(results()).isEmpty();
    }

    @Test
    void shutdownKillsWhatOutlivesTheGraceIncludingRunsThatNeverStarted() {
        RunExecutor runs = executor(1);
        runs.offer(run("slow", "a", BlockStrategy.SERIAL));
        awaitEvent("start a");
        runs.offer(run("slow", "b", BlockStrategy.SERIAL));

        runs.shutdown(Duration.ofMillis(50));

        assertThat(PublishedResults.endedWithoutStarted(statuses("a"))).containsExactly(RunStatus.KILLED);
        assertThat(statuses("b")).containsExactly(RunStatus.KILLED);
        assertThat(terminal("b").message()).contains("shut down before the run could start behind run a#0");
        assertThat(runs.offer(run("slow", "c", BlockStrategy.SERIAL))).isFalse();
    }
}
