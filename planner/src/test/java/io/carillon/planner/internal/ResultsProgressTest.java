package io.carillon.planner.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ResultsProgressTest {

    private static final Instant CREATED = Instant.parse("2026-03-02T10:00:00Z");
    private static final Instant DEATH = CREATED.plusSeconds(5);

    private final ResultsProgress progress = new ResultsProgress();

    @Test
    void aTaskIsQuietOnlyFromItsFirstCheckNotFromItsCreation() {
        Instant firstCheck = CREATED.plusSeconds(20);

        progress.look(firstCheck);
        assertThat(progress.readPast(DEATH, firstCheck))
                .as("restoring took 20 s; nothing read yet")
                .isFalse();

        Instant later = firstCheck.plus(ResultsProgress.QUIET);
        progress.look(later);
        assertThat(progress.readPast(DEATH, later))
                .as("nothing read for the quiet time since")
                .isTrue();
    }

    @Test
    void resultsBeingReadKeepTheVerdictWaitingUntilOneStampedAfterTheInstantIsRead() {
        Instant now = CREATED.plusSeconds(30);
        for (int check = 0; check < 10; check++) {
            progress.read(CREATED.plusMillis(check).toEpochMilli());
            progress.look(now);
            assertThat(progress.readPast(DEATH, now)).isFalse();
            now = now.plusSeconds(1);
        }

        progress.read(DEATH.toEpochMilli());
        progress.look(now);
        assertThat(progress.readPast(DEATH, now)).isTrue();
    }

    @Test
    void claimsReadWhileNoResultComesAreResultsHeldUpNotQuiet() {
        Instant now = CREATED.plusSeconds(30);
        progress.look(now);
        for (int check = 0; check < 10; check++) {
            now = now.plusSeconds(1);
            progress.claimRead();
            progress.look(now);
            assertThat(progress.readPast(DEATH, now)).isFalse();
        }

        Instant claimsStopped = now.plus(ResultsProgress.QUIET);
        progress.look(claimsStopped);
        assertThat(progress.readPast(DEATH, claimsStopped))
                .as("neither results nor claims for the quiet time")
                .isTrue();
    }
}
