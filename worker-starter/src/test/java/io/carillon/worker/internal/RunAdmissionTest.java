package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.RunStatus;
import org.junit.jupiter.api.Test;

/** Block strategies: how the executor takes a trigger against the runs of its job. */
class RunAdmissionTest extends RunExecutorTestSupport {

    @Test
    void serialRunsOfOneJobWaitInArrivalOrderWhileOtherJobsRun() {
        RunExecutor runs = executor(4);
        assertThat(runs.offer(run("report", "a", BlockStrategy.SERIAL))).isTrue();
        awaitEvent("start a");
        assertThat(runs.offer(run("report", "b", BlockStrategy.SERIAL))).isTrue();
        assertThat(runs.offer(run("report", "c", BlockStrategy.SERIAL))).isTrue();
        assertThat(runs.offer(run("other", "x", BlockStrategy.SERIAL))).isTrue();
        awaitEvent("start x");

        assertThat(runs.waitingCount()).isEqualTo(2);
        assertThat(runs.isRunning("b#0")).isTrue();
        assertThat(statuses("b")).isEmpty();

        gates.open("b");
        gates.open("c");
        gates.open("a");
        soon().until(() -> terminal("c") != null);

        assertThat(gates.events())
                .filteredOn(event -> !event.endsWith("x"))
                .containsExactly("start a", "end a", "start b", "end b", "start c", "end c");
        assertThat(runs.waitingCount()).isZero();
    }

    @Test
    void aTriggerWithoutBlockStrategyIsSerial() {
        RunExecutor runs = executor(4);
        runs.offer(run("report", "a", null));
        awaitEvent("start a");
        runs.offer(run("report", "b", null));

        assertThat(runs.waitingCount()).isEqualTo(1);
        gates.open("b");
        gates.open("a");
        soon().until(() -> terminal("b") != null);
        assertThat(gates.events()).containsExactly("start a", "end a", "start b", "end b");
    }

    @Test
    void discardLaterSkipsTheNewTriggerNamingTheRunningRun() {
        RunExecutor runs = executor(4);
        runs.offer(run("sync", "a", BlockStrategy.DISCARD_LATER));
        awaitEvent("start a");

        assertThat(runs.offer(run("sync", "b", BlockStrategy.DISCARD_LATER))).isTrue();

        assertThat(statuses("b")).containsExactly(RunStatus.SKIPPED);
        assertThat(terminal("b").message()).contains("run a#0", "DISCARD_LATER", "unit-1");
        gates.open("a");
        soon().until(() -> terminal("a") != null);
        assertThat(gates.events()).doesNotContain("start b");
    }

    @Test
    void coverEarlyKillsTheRunningRunNamingTheNewOneWhichRuns() {
        RunExecutor runs = executor(1);
        runs.offer(run("price", "a", BlockStrategy.COVER_EARLY));
        awaitEvent("start a");

        assertThat(runs.offer(run("price", "b", BlockStrategy.COVER_EARLY))).isTrue();

        assertThat(PublishedResults.endedWithoutStarted(statuses("a"))).containsExactly(RunStatus.KILLED);
        assertThat(terminal("a").message()).contains("covered by run b#0", "COVER_EARLY");
        awaitEvent("interrupted a");
        awaitEvent("start b");
        gates.open("b");
        soon().until(() -> terminal("b") != null);
        assertThat(terminal("b").status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(PublishedResults.endedWithoutStarted(statuses("a"))).containsExactly(RunStatus.KILLED);
    }

    @Test
    void coverEarlySkipsRunsThatWaitedBehindTheCoveredOne() {
        RunExecutor runs = executor(2);
        runs.offer(run("price", "a", BlockStrategy.SERIAL));
        awaitEvent("start a");
        runs.offer(run("price", "b", BlockStrategy.SERIAL));

        runs.offer(run("price", "c", BlockStrategy.COVER_EARLY));

        assertThat(statuses("b")).containsExactly(RunStatus.SKIPPED);
        assertThat(terminal("b").message()).contains("covered by run c#0");
        awaitEvent("start c");
        assertThat(runs.waitingCount()).isZero();
    }

    @Test
    void parallelRunsOfOneJobOverlap() {
        RunExecutor runs = executor(4);
        runs.offer(run("fan", "a", BlockStrategy.PARALLEL));
        runs.offer(run("fan", "b", BlockStrategy.PARALLEL));

        awaitEvent("start a");
        awaitEvent("start b");
        assertThat(runs.runningCount()).isEqualTo(2);
    }

    @Test
    void serialRunsWaitUpToALimitThenTheTriggerStaysOutside() {
        RunExecutor runs = executor(1);
        runs.offer(run("busy", "a", BlockStrategy.SERIAL));
        int limit = RunAdmission.WAITING_RUNS_PER_SLOT;
        for (int i = 0; i < limit; i++) {
            assertThat(runs.offer(run("busy", "w" + i, BlockStrategy.SERIAL))).isTrue();
        }

        assertThat(runs.offer(run("busy", "over", BlockStrategy.SERIAL))).isFalse();
        assertThat(runs.waitingCount()).isEqualTo(limit);
    }
}
