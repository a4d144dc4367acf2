package io.carillon.planner;

import static io.carillon.planner.TestJobs.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A ONCE job whose instant is already past when the planner first reads it follows the misfire policy, and fires
 * once at most however often its record is replayed or the job is changed, disabled and enabled.
 */
class PastOnceTest extends PlannerTestSupport {

    private static final Instant NOW = Instant.parse("2026-03-02T10:00:00Z");

    @BeforeEach
    void start() {
        planner = new PlannerHarness(stateDir, NOW);
    }

    @Test
    void anInstantWithinTheThresholdFiresNow() {
        Instant at = NOW.minusSeconds(2);
        planner.put(once("late", at, MisfireStrategy.DO_NOTHING));

        assertThat(planner.fires()).singleElement().satisfies(fire -> {
            assertThat(fire.fireId()).isEqualTo(FireIds.scheduled("late", at));
            assertThat(fire.kind()).isEqualTo(FireKind.SCHEDULED);
            assertThat(fire.scheduledAt()).isEqualTo(at);
        });
        assertThat(planner.writtenResults()).isEmpty();
    }

    @Test
    void beyondTheThresholdDoNothingRecordsASkippedResult() {
        Instant at = NOW.minus(Duration.ofHours(1));
        planner.put(once("late", at, MisfireStrategy.DO_NOTHING));

        assertThat(planner.fires()).isEmpty();
        assertThat(planner.writtenResults()).singleElement().satisfies(skipped -> {
            assertThat(skipped.status()).isEqualTo(RunStatus.SKIPPED);
            assertThat(skipped.fireId()).isEqualTo(FireIds.scheduled("late", at));
            assertThat(skipped.message()).startsWith("misfire DO_NOTHING: skipped 1 scheduled instant(s) from " + at);
        });
    }

    @Test
    void beyondTheThresholdFireOnceNowFiresNow() {
        Instant at = NOW.minus(Duration.ofHours(1));
        planner.put(once("late", at, MisfireStrategy.FIRE_ONCE_NOW));

        assertThat(planner.fires()).singleElement().satisfies(fire -> {
            assertThat(fire.fireId()).isEqualTo(FireIds.scheduled("late", at));
            assertThat(fire.kind()).isEqualTo(FireKind.MISFIRE);
            assertThat(fire.scheduledAt()).isEqualTo(at);
            assertThat(fire.dueAt()).isEqualTo(NOW);
        });
    }

    @Test
    void aReplayANewVersionAndADisableEnableDoNotFireItAgain() {
        JobDefinition job = once("late", NOW.minus(Duration.ofHours(1)), MisfireStrategy.FIRE_ONCE_NOW);
        planner.put(job);
        assertThat(planner.fires()).hasSize(1);

        planner.put(job);
        planner.put(job.toBuilder().description("renamed").version(2).build());
        planner.put(job.toBuilder().enabled(false).version(3).build());
        planner.put(job.toBuilder().enabled(true).version(4).build());
        planner.advanceCoarsely(Duration.ofMinutes(1));

        assertThat(planner.fires()).isEmpty();
        assertThat(planner.writtenResults()).isEmpty();
    }

    @Test
    void aSkippedInstantIsNotSkippedAgainOnAReplay() {
        JobDefinition job = once("late", NOW.minus(Duration.ofHours(1)), MisfireStrategy.DO_NOTHING);
        planner.put(job);
        assertThat(planner.writtenResults()).hasSize(1);

        planner.put(job.toBuilder().enabled(false).version(2).build());
        planner.put(job.toBuilder().version(3).build());

        assertThat(planner.writtenResults()).isEmpty();
        assertThat(planner.fires()).isEmpty();
    }

    @Test
    void anInstantAfterTheSchedulesEndNeverFires() {
        Instant at = NOW.minusSeconds(2);
        planner.put(job("late", new Schedule(ScheduleType.ONCE, null, null, at, null, null, at.minusSeconds(1))));

        assertThat(planner.fires()).isEmpty();
        assertThat(planner.writtenResults()).isEmpty();
    }

    @Test
    void anInstantStillAheadFiresAtItsTime() {
        Instant at = NOW.plusSeconds(30);
        planner.put(once("ahead", at, MisfireStrategy.DO_NOTHING));
        assertThat(planner.fires()).isEmpty();

        planner.advanceCoarsely(Duration.ofSeconds(25));

        assertThat(planner.fires()).extracting(FireEvent::scheduledAt).containsExactly(at);
    }

    private static JobDefinition once(String id, Instant at, MisfireStrategy strategy) {
        return job(id, Schedule.once(at)).toBuilder()
                .misfire(new MisfirePolicy(strategy, MisfirePolicy.DEFAULT_THRESHOLD_MS, 0))
                .build();
    }
}
