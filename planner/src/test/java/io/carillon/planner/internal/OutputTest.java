package io.carillon.planner.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.planner.PlannerSettings;
import io.carillon.testkit.SettableClock;
import io.carillon.topics.events.FireEvent;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.junit.jupiter.api.Test;

/**
 * A fire due before the next regular commit asks for a commit at once, paced by {@link UrgentCommits} (a fire refused
 * one asks again at the next punctuation); one due later waits for it.
 */
class OutputTest {

    private static final Instant NOW = Instant.parse("2026-03-02T10:00:00Z");

    private final MockProcessorContext<String, Object> context = new MockProcessorContext<>();
    private final SettableClock clock = new SettableClock(NOW);
    private final Output output = new Output(context, clock, new UrgentCommits(clock), PlannerMeters.none());

    @Test
    void aFireDueWithinTheCommitIntervalAsksForACommit() {
        output.fire(dueAt(NOW.plus(PlannerSettings.COMMIT_INTERVAL).minusMillis(1)));

        assertThat(context.forwarded()).hasSize(1);
        assertThat(context.committed()).isTrue();
    }

    @Test
    void aFireDueLaterWaitsForTheRegularCommit() {
        output.fire(dueAt(NOW.plus(PlannerSettings.COMMIT_INTERVAL)));

        assertThat(context.forwarded()).hasSize(1);
        assertThat(context.committed()).isFalse();
    }

    @Test
    void urgentFiresAskForOneCommitPerSpacing() {
        output.fire(dueAt(NOW.plusMillis(300)));
        context.resetCommit();
        clock.advance(UrgentCommits.SPACING.minusMillis(1));

        output.fire(dueAt(NOW.plusMillis(400)));
        assertThat(context.committed()).isFalse();
        clock.advance(Duration.ofMillis(1));
        output.fire(dueAt(NOW.plusMillis(500)));

        assertThat(context.committed()).isTrue();
    }

    @Test
    void aFireRefusedACommitAsksAgainOnceTheSpacingHasPassed() {
        output.fire(dueAt(NOW.plusMillis(300)));
        context.resetCommit();
        clock.advance(UrgentCommits.SPACING.minusMillis(1));
        output.fire(dueAt(NOW.plusMillis(400)));
        output.commitIfUrgentPending();
        assertThat(context.committed()).isFalse();

        clock.advance(Duration.ofMillis(1));
        output.commitIfUrgentPending();
        assertThat(context.committed()).isTrue();
        context.resetCommit();
        clock.advance(UrgentCommits.SPACING);
        output.commitIfUrgentPending();

        assertThat(context.committed())
                .as("nothing pending after the granted commit")
                .isFalse();
    }

    @Test
    void theFirstFiresOfJobsTakenOnAskForOneCommitPerIntakeSpacingAndLeaveTheRestToTheRegularCommit() {
        output.intake(() -> output.fire(dueAt(NOW.plusMillis(300))));
        assertThat(context.committed()).as("a job taken on alone fires on time").isTrue();
        context.resetCommit();

        clock.advance(UrgentCommits.SPACING);
        output.intake(() -> output.fire(dueAt(NOW.plusMillis(900))));
        assertThat(context.committed()).isFalse();
        output.commitIfUrgentPending();
        assertThat(context.committed())
                .as("a job of a burst waits for the regular commit, nothing pending")
                .isFalse();

        output.fire(dueAt(NOW.plusMillis(950)));
        assertThat(context.committed())
                .as("other urgent fires keep their spacing")
                .isTrue();
        context.resetCommit();

        clock.advance(UrgentCommits.INTAKE_SPACING);
        output.intake(
                () -> output.fire(dueAt(NOW.plus(UrgentCommits.INTAKE_SPACING).plusMillis(300))));
        assertThat(context.committed()).isTrue();
    }

    @Test
    void aJobsFirstFireRefusedByTheSpacingIsPendingAndTheOtherJobsOfThatSecondAreNot() {
        output.fire(dueAt(NOW.plusMillis(300)));
        context.resetCommit();

        output.intake(() -> output.fire(dueAt(NOW.plusMillis(400))));
        assertThat(context.committed()).isFalse();
        assertThat(output.urgentPending()).isTrue();
        clock.advance(UrgentCommits.SPACING);
        output.commitIfUrgentPending();
        assertThat(context.committed()).isTrue();
        context.resetCommit();

        output.intake(() -> output.fire(dueAt(NOW.plusMillis(900))));
        assertThat(context.committed()).isFalse();
        assertThat(output.urgentPending()).isFalse();
    }

    @Test
    void aBatchWithAnUrgentFireAsksForACommitWhenItIsWritten() {
        output.startFireBatch();
        output.fire(dueAt(NOW.plusSeconds(8)));
        output.fire(dueAt(NOW.plusMillis(200)));
        assertThat(context.committed()).isFalse();

        output.endFireBatch();

        assertThat(context.forwarded()).hasSize(2);
        assertThat(context.committed()).isTrue();
    }

    private static FireEvent dueAt(Instant dueAt) {
        return FireEvent.cancel("job", "job@" + dueAt.toEpochMilli(), dueAt, NOW)
                .dueAt(dueAt);
    }
}
