package io.carillon.planner.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.SettableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class AheadBudgetTest {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");
    private static final Duration INTERVAL = Duration.ofMillis(100);
    private static final Duration HORIZON = Duration.ofSeconds(10);
    /** Fires one interval is worth at {@link AheadBudget#MAX_AHEAD_FIRES_PER_SECOND}. */
    private static final int PER_INTERVAL = 100;

    private static final int MORE_THAN_ANY_GRANT = 10 * AheadBudget.MAX_AHEAD_FIRES_PER_SECOND;

    private final SettableClock clock = new SettableClock(START);
    private final AheadBudget budget = new AheadBudget(INTERVAL, HORIZON);

    @Test
    void beforeTheFirstPunctuationOneIntervalIsGranted() {
        assertThat(spendAll()).isEqualTo(PER_INTERVAL);
    }

    @Test
    void firesWithinTheNearHorizonCostNothingAndAreAllowedWhenTheBudgetIsSpent() {
        Instant now = clock.instant();
        Instant nearEnd = now.plus(AheadBudget.NEAR);
        for (int fire = 0; fire < MORE_THAN_ANY_GRANT; fire++) {
            budget.spend(nearEnd, now);
        }

        assertThat(spendAll()).isEqualTo(PER_INTERVAL);
        assertThat(budget.allows(nearEnd, now)).isTrue();
        assertThat(budget.allows(nearEnd.plusMillis(1), now)).isFalse();
    }

    @Test
    void theNearHorizonIsTheHorizonWhenThatIsShorter() {
        AheadBudget shortHorizon = new AheadBudget(INTERVAL, Duration.ofSeconds(1));
        Instant now = clock.instant();
        shortHorizon.intake(now);
        for (int fire = 0; fire < PER_INTERVAL; fire++) {
            shortHorizon.spend(now.plusMillis(1_500), now);
        }

        assertThat(shortHorizon.allows(now.plusSeconds(1), now)).isTrue();
        assertThat(shortHorizon.allows(now.plusMillis(1_500), now)).isFalse();
    }

    @Test
    void eachPunctuationGrantsTheTimeSinceThePreviousOne() {
        budget.grant(clock.instant());
        clock.advance(Duration.ofMillis(300));
        budget.grant(clock.instant());

        assertThat(spendAll()).isEqualTo(300);
    }

    @Test
    void theFirstPunctuationGrantsOneInterval() {
        clock.advance(Duration.ofSeconds(30));
        budget.grant(clock.instant());

        assertThat(spendAll()).isEqualTo(PER_INTERVAL);
    }

    @Test
    void aStalledThreadGetsAtMostTheLongestGrant() {
        budget.grant(clock.instant());
        clock.advance(Duration.ofSeconds(5));
        budget.grant(clock.instant());

        assertThat(spendAll()).isEqualTo(AheadBudget.MAX_AHEAD_FIRES_PER_SECOND);
    }

    @Test
    void aGrantIsWorthOneFireAtLeast() {
        budget.grant(clock.instant());
        budget.grant(clock.instant());

        assertThat(spendAll()).isEqualTo(1);
    }

    @Test
    void aGrantReplacesWhatWasLeft() {
        budget.grant(clock.instant());
        clock.advance(Duration.ofMillis(200));
        budget.grant(clock.instant());

        assertThat(spendAll()).as("not 100 left plus 200").isEqualTo(200);
    }

    @Test
    void afterARestAPunctuationOnTimeGrantsOneIntervalNotTheTimeSlept() {
        budget.grant(clock.instant());
        Instant until = clock.instant().plusSeconds(30);
        budget.rest(until, clock.instant());
        clock.set(until.plusMillis(30));
        budget.grant(clock.instant());

        assertThat(spendAll()).isEqualTo(PER_INTERVAL);
    }

    @Test
    void afterARestAPunctuationLatePastItsEndGrantsItsLateness() {
        budget.grant(clock.instant());
        Instant until = clock.instant().plusSeconds(30);
        budget.rest(until, clock.instant());
        clock.set(until.plusMillis(400));
        budget.grant(clock.instant());

        assertThat(spendAll()).isEqualTo(400);
    }

    @Test
    void aRestWhoseEndIsPastCountsTheLatenessFromTheRestItself() {
        budget.grant(clock.instant());
        Instant rested = clock.instant();
        budget.rest(rested.minusSeconds(5), rested);
        clock.advance(Duration.ofMillis(600));
        budget.grant(clock.instant());

        assertThat(spendAll()).isEqualTo(600);
    }

    @Test
    void afterARestWithNothingPlannedThePunctuationGrantsOneInterval() {
        budget.grant(clock.instant());
        budget.rest(null, clock.instant());
        clock.advance(Duration.ofMinutes(5));
        budget.grant(clock.instant());

        assertThat(spendAll()).isEqualTo(PER_INTERVAL);
    }

    @Test
    void theGrantAfterTheOneThatEndedARestCountsFromThatGrant() {
        budget.grant(clock.instant());
        Instant until = clock.instant().plusSeconds(30);
        budget.rest(until, clock.instant());
        clock.set(until);
        budget.grant(clock.instant());
        clock.advance(Duration.ofMillis(250));
        budget.grant(clock.instant());

        assertThat(spendAll()).isEqualTo(250);
    }

    @Test
    void withoutJobsTakenInTheBudgetDoesNotBind() {
        Instant now = clock.instant();
        Instant ahead = now.plus(HORIZON);
        for (int fire = 0; fire < MORE_THAN_ANY_GRANT; fire++) {
            assertThat(budget.allows(ahead, now)).isTrue();
            budget.spend(ahead, now);
        }
    }

    @Test
    void theBudgetBindsForTheIntakeQuietAfterTheLatestJobTakenIn() {
        budget.grant(clock.instant());
        budget.intake(clock.instant());
        clock.advance(AheadBudget.INTAKE_QUIET.minusMillis(1));
        assertThat(spend()).isEqualTo(PER_INTERVAL);

        clock.advance(Duration.ofMillis(1));
        assertThat(spend()).as("no job taken in for the quiet time").isEqualTo(MORE_THAN_ANY_GRANT);
    }

    /** Takes a job in now and writes fires beyond the near horizon until the budget refuses one; how many it took. */
    private int spendAll() {
        budget.intake(clock.instant());
        return spend();
    }

    /** Writes fires beyond the near horizon until the budget refuses one, or the most any grant is worth. */
    private int spend() {
        Instant now = clock.instant();
        Instant ahead = now.plus(HORIZON);
        int spent = 0;
        while (budget.allows(ahead, now) && spent < MORE_THAN_ANY_GRANT) {
            budget.spend(ahead, now);
            spent++;
        }
        return spent;
    }
}
