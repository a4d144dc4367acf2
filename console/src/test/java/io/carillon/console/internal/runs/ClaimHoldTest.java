package io.carillon.console.internal.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which results a batch writes at once, and which claims wait for their run's next result. */
class ClaimHoldTest {

    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");
    private static final Duration HOLD = Duration.ofSeconds(1);

    private final ClaimHold hold = new ClaimHold(HOLD, 3);

    @Test
    void aClaimWaitsAndIsWrittenJustBeforeItsRunsNextResult() {
        RunResult claim = claim("a");
        RunResult succeeded = result("a", RunStatus.SUCCEEDED);

        assertThat(hold.admit(List.of(claim), NOW)).isEmpty();
        assertThat(hold.admit(List.of(result("b", RunStatus.SUCCEEDED), succeeded), NOW.plusMillis(300)))
                .containsExactly(result("b", RunStatus.SUCCEEDED), claim, succeeded);
        assertThat(hold.size()).isZero();
    }

    @Test
    void aClaimAndItsEndInOneBatchAreWrittenTogetherInOrder() {
        RunResult claim = claim("a");
        RunResult failed = result("a", RunStatus.FAILED);

        assertThat(hold.admit(List.of(claim, failed), NOW)).containsExactly(claim, failed);
        assertThat(hold.size()).isZero();
    }

    @Test
    void aClaimLeavesOnItsOwnOnceTheHoldIsOver() {
        RunResult first = claim("a");
        RunResult second = claim("b");
        hold.admit(List.of(first), NOW);
        hold.admit(List.of(second), NOW.plusMillis(500));

        assertThat(hold.expired(NOW.plusMillis(999))).isEmpty();
        assertThat(hold.expired(NOW.plus(HOLD))).containsExactly(first);
        assertThat(hold.admit(List.of(), NOW.plusMillis(1_500))).containsExactly(second);
    }

    @Test
    void aStartWithItsTimeIsNotAClaimAndIsWrittenAtOnce() {
        RunResult started = result("a", RunStatus.STARTED);

        assertThat(ClaimHold.isClaim(started)).isFalse();
        assertThat(hold.admit(List.of(started), NOW)).containsExactly(started);
    }

    @Test
    void theOldestClaimsLeaveWhenMoreThanTheCapacityWait() {
        hold.admit(List.of(claim("a"), claim("b"), claim("c")), NOW);

        assertThat(hold.admit(List.of(claim("d"), claim("e")), NOW.plusMillis(1)))
                .containsExactly(claim("a"), claim("b"));
        assertThat(hold.size()).isEqualTo(3);
    }

    @Test
    void claimsThatCouldNotBeWrittenAreHeldAgainAndAStopTakesThemAll() {
        hold.admit(List.of(claim("a")), NOW);
        List<RunResult> write = hold.admit(List.of(result("a", RunStatus.SUCCEEDED), claim("b")), NOW);

        hold.restore(write, NOW);

        assertThat(hold.all()).containsExactlyInAnyOrder(claim("a"), claim("b"));
        assertThat(hold.size()).isZero();
    }

    @Test
    void aZeroHoldWritesEveryClaimAtOnceAndANegativeOneIsRefused() {
        ClaimHold none = new ClaimHold(Duration.ZERO, 3);

        assertThat(none.admit(List.of(claim("a")), NOW)).containsExactly(claim("a"));
        assertThatThrownBy(() -> new ClaimHold(Duration.ofMillis(-1), 3)).hasMessageContaining("hold");
    }

    private static RunResult claim(String runId) {
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                runId,
                "fire-" + runId,
                "job",
                "demo",
                "echo",
                "worker-1",
                RunStatus.STARTED,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                NOW,
                null,
                null,
                "claimed",
                null,
                null,
                NOW);
    }

    private static RunResult result(String runId, RunStatus status) {
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                runId,
                "fire-" + runId,
                "job",
                "demo",
                "echo",
                "worker-1",
                status,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                NOW,
                NOW,
                status.isTerminal() ? NOW : null,
                null,
                null,
                null,
                NOW);
    }
}
