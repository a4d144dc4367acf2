package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.TestTriggers;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StartedHoldTest {

    private static final Instant AT = TestTriggers.SCHEDULED_AT;
    private static final Duration HOLD = Duration.ofMillis(100);
    private static final long MS = Duration.ofMillis(1).toNanos();

    private final StartedHold hold = new StartedHold(HOLD);
    private final List<RunResult> out = new ArrayList<>();

    @Test
    void aStartedWhoseTerminalComesWithinTheHoldIsLeftOut() {
        hold.take(result("a", RunStatus.STARTED), 0, out);
        hold.take(result("a", RunStatus.SUCCEEDED), 99 * MS, out);
        hold.releaseDue(200 * MS, out);

        assertThat(out).extracting(RunResult::status).containsExactly(RunStatus.SUCCEEDED);
        assertThat(hold.leftOut()).isEqualTo(1);
        assertThat(hold.nanosToNextRelease(200 * MS)).isEqualTo(-1);
    }

    @Test
    void aStartedIsReleasedWhenTheHoldEndsInTheOrderTaken() {
        hold.take(result("a", RunStatus.STARTED), 0, out);
        hold.take(result("b", RunStatus.STARTED), 10 * MS, out);
        assertThat(hold.nanosToNextRelease(40 * MS)).isEqualTo(60 * MS);

        hold.releaseDue(99 * MS, out);
        assertThat(out).isEmpty();
        hold.releaseDue(100 * MS, out);
        assertThat(out).extracting(RunResult::jobId).containsExactly("a");
        hold.releaseDue(110 * MS, out);
        assertThat(out).extracting(RunResult::jobId).containsExactly("a", "b");
        assertThat(hold.leftOut()).isZero();
    }

    @Test
    void progressHandsItsRunsStartedOverFirstAndOtherRunsKeepTheirs() {
        hold.take(result("a", RunStatus.STARTED), 0, out);
        hold.take(result("c", RunStatus.STARTED), 0, out);
        hold.take(result("b", RunStatus.SKIPPED), MS, out);
        hold.take(result("a", RunStatus.PROGRESS), 2 * MS, out);
        hold.take(result("a", RunStatus.FAILED), 3 * MS, out);

        assertThat(out)
                .extracting(RunResult::jobId, RunResult::status)
                .containsExactly(
                        tuple("b", RunStatus.SKIPPED),
                        tuple("a", RunStatus.STARTED),
                        tuple("a", RunStatus.PROGRESS),
                        tuple("a", RunStatus.FAILED));
        hold.releaseAll(out);
        assertThat(out).last().extracting(RunResult::jobId).isEqualTo("c");
        assertThat(hold.leftOut()).isZero();
    }

    @Test
    void aZeroHoldLeavesOutOnlyAStartedTakenTogetherWithItsTerminal() {
        StartedHold none = new StartedHold(Duration.ZERO);
        none.take(result("a", RunStatus.STARTED), 0, out);
        none.take(result("a", RunStatus.SUCCEEDED), 0, out);
        none.take(result("b", RunStatus.STARTED), 0, out);
        none.releaseDue(0, out);

        assertThat(out)
                .extracting(RunResult::jobId, RunResult::status)
                .containsExactly(tuple("a", RunStatus.SUCCEEDED), tuple("b", RunStatus.STARTED));
    }

    private static RunResult result(String job, RunStatus status) {
        Trigger trigger = TestTriggers.trigger("app", job, "handler", null);
        Instant finished = status.isTerminal() ? AT.plusMillis(1) : null;
        return RunResult.of(trigger, "unit-1", status, AT, finished, null, null, AT);
    }
}
