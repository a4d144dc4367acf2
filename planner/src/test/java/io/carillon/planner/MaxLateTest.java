package io.carillon.planner;

import static io.carillon.planner.SchedulePlanningTest.seconds;
import static io.carillon.planner.TestJobs.everySecond;
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
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code misfire.maxLateMs} when the planner was away for a minute: the missed instants more than that late do not
 * fire, whatever the strategy; a SKIPPED result counts them, and the strategy goes on with the rest.
 */
class MaxLateTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");
    private static final Instant BACK = START.plusSeconds(60);
    private static final long TEN_SECONDS = 10_000;

    @Test
    void fireOnceNowFiresTheFirstInstantWithinTheLimitAndSkipsTheEarlierOnesAsMissed() {
        List<FireEvent> fires = afterAGap(everySecond("tick"), MisfireStrategy.FIRE_ONCE_NOW, TEN_SECONDS);

        assertThat(fires.get(0)).satisfies(fire -> {
            assertThat(fire.kind()).isEqualTo(FireKind.MISFIRE);
            assertThat(fire.scheduledAt())
                    .as("10 s before now: not later than the limit")
                    .isEqualTo(START.plusSeconds(50));
            assertThat(fire.dueAt()).isEqualTo(BACK);
        });
        assertThat(fires.get(1).scheduledAt()).isEqualTo(START.plusSeconds(61));
        assertThat(planner.writtenResults()).singleElement().satisfies(skipped -> {
            assertThat(skipped.status()).isEqualTo(RunStatus.SKIPPED);
            assertThat(skipped.kind()).isEqualTo(FireKind.MISFIRE);
            assertThat(skipped.fireId()).isEqualTo(FireIds.scheduled("tick", START.plusSeconds(11)));
            assertThat(skipped.scheduledAt()).isEqualTo(START.plusSeconds(11));
            assertThat(skipped.message())
                    .isEqualTo("misfire FIRE_ONCE_NOW: skipped 39 scheduled instant(s) from " + START.plusSeconds(11)
                            + " to " + START.plusSeconds(49) + ", more than the maxLateMs of 10000 ms late at "
                            + BACK);
        });
    }

    @Test
    void catchUpReplaysOnlyTheInstantsWithinTheLimit() {
        List<FireEvent> fires = afterAGap(everySecond("tick"), MisfireStrategy.CATCH_UP, TEN_SECONDS);

        assertThat(fires.subList(0, 11))
                .allSatisfy(fire -> assertThat(fire.kind()).isEqualTo(FireKind.MISFIRE))
                .extracting(FireEvent::scheduledAt)
                .containsExactlyElementsOf(seconds(START, 50, 60));
        assertThat(fires.get(11).kind()).isEqualTo(FireKind.SCHEDULED);
        assertThat(planner.writtenResults())
                .singleElement()
                .satisfies(skipped -> assertThat(skipped.message()).contains("skipped 39 scheduled instant(s)"));
    }

    @Test
    void whenEveryMissedInstantIsTooLateNoneFiresAndTheSkippedResultCountsThemAll() {
        JobDefinition halfMinutely = job("half", Schedule.fixedRate(30_000));

        List<FireEvent> fires = afterAGap(halfMinutely, MisfireStrategy.FIRE_ONCE_NOW, 5_000, START.plusSeconds(100));

        assertThat(fires)
                .as("the next instants only")
                .allSatisfy(fire -> assertThat(fire.kind()).isEqualTo(FireKind.SCHEDULED));
        assertThat(planner.writtenResults()).singleElement().satisfies(skipped -> {
            assertThat(skipped.status()).isEqualTo(RunStatus.SKIPPED);
            assertThat(skipped.message())
                    .isEqualTo("misfire FIRE_ONCE_NOW: skipped 3 scheduled instant(s) from " + START.plusSeconds(30)
                            + " to " + START.plusSeconds(90) + ", more than the maxLateMs of 5000 ms late at "
                            + START.plusSeconds(100) + "; next instant " + START.plusSeconds(120));
        });
    }

    @Test
    void withoutALimitTheStrategyIsUnchanged() {
        List<FireEvent> fires = afterAGap(everySecond("tick"), MisfireStrategy.FIRE_ONCE_NOW, 0);

        assertThat(fires.get(0).scheduledAt()).isEqualTo(START.plusSeconds(11));
        assertThat(planner.writtenResults()).isEmpty();
    }

    private List<FireEvent> afterAGap(JobDefinition job, MisfireStrategy strategy, long maxLateMs) {
        return afterAGap(job, strategy, maxLateMs, BACK);
    }

    private List<FireEvent> afterAGap(JobDefinition job, MisfireStrategy strategy, long maxLateMs, Instant back) {
        planner = new PlannerHarness(stateDir, START);
        planner.put(job.toBuilder()
                .misfire(new MisfirePolicy(strategy, MisfirePolicy.DEFAULT_THRESHOLD_MS, 100, maxLateMs))
                .build());
        planner.fires();
        planner.jumpTo(back);
        return planner.fires();
    }
}
