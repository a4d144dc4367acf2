package io.carillon.planner;

import static io.carillon.planner.SchedulePlanningTest.seconds;
import static io.carillon.planner.TestJobs.everySecond;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.RunStatus;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The planner was away for a minute (no punctuation): the job's misfire policy decides what the gap becomes. */
class MisfireTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");
    private static final Instant BACK = START.plusSeconds(60);
    /** The timer visit after the gap writes up to the horizon plus the refill chunk. */
    private static final int CHUNK_SECONDS = (int) PlannerHarness.CHUNK.toSeconds();

    @Test
    void fireOnceNowWritesOneMisfireThenFollowsTheSchedule() {
        List<FireEvent> fires = afterAGap(MisfireStrategy.FIRE_ONCE_NOW);

        assertThat(fires.get(0)).satisfies(fire -> {
            assertThat(fire.kind()).isEqualTo(FireKind.MISFIRE);
            assertThat(fire.scheduledAt())
                    .as("the nominal instant, the first missed")
                    .isEqualTo(START.plusSeconds(11));
            assertThat(fire.dueAt()).isEqualTo(BACK);
            assertThat(fire.fireId()).isEqualTo(FireIds.scheduled("tick", START.plusSeconds(11)));
        });
        assertThat(fires.subList(1, fires.size()))
                .extracting(FireEvent::scheduledAt)
                .containsExactlyElementsOf(seconds(START, 61, 70 + CHUNK_SECONDS));
    }

    @Test
    void doNothingSkipsTheGapAndRecordsASkippedResultSayingWhy() {
        assertThat(afterAGap(MisfireStrategy.DO_NOTHING))
                .extracting(FireEvent::scheduledAt)
                .containsExactlyElementsOf(seconds(START, 61, 70 + CHUNK_SECONDS));

        assertThat(planner.writtenResults()).singleElement().satisfies(skipped -> {
            assertThat(skipped.status()).isEqualTo(RunStatus.SKIPPED);
            assertThat(skipped.kind()).isEqualTo(FireKind.MISFIRE);
            assertThat(skipped.jobId()).isEqualTo("tick");
            assertThat(skipped.fireId()).isEqualTo(FireIds.scheduled("tick", START.plusSeconds(11)));
            assertThat(skipped.runId()).isEqualTo(FireIds.scheduled("tick", START.plusSeconds(11)) + "#0");
            assertThat(skipped.scheduledAt()).isEqualTo(START.plusSeconds(11));
            assertThat(skipped.finishedAt()).isEqualTo(BACK);
            assertThat(skipped.message())
                    .isEqualTo("misfire DO_NOTHING: skipped 50 scheduled instant(s) from "
                            + START.plusSeconds(11) + " to " + BACK + ", more than the threshold of 5000 ms late at "
                            + BACK
                            + "; next instant " + START.plusSeconds(61));
        });
        assertThat(planner.fires()).as("a SKIPPED result is not retried").isEmpty();
    }

    @Test
    void theOtherPoliciesRecordNoSkippedResult() {
        afterAGap(MisfireStrategy.FIRE_ONCE_NOW);

        assertThat(planner.writtenResults()).isEmpty();
    }

    @Test
    void catchUpReplaysTheMissedInstantsUpToItsMaximum() {
        List<FireEvent> fires = afterAGap(MisfireStrategy.CATCH_UP);

        assertThat(fires.subList(0, 5))
                .allSatisfy(fire -> assertThat(fire.kind()).isEqualTo(FireKind.MISFIRE))
                .extracting(FireEvent::scheduledAt)
                .containsExactlyElementsOf(seconds(START, 11, 15));
        assertThat(fires.subList(5, fires.size()))
                .extracting(FireEvent::scheduledAt)
                .containsExactlyElementsOf(seconds(START, 61, 70 + CHUNK_SECONDS));
    }

    private List<FireEvent> afterAGap(MisfireStrategy strategy) {
        planner = new PlannerHarness(stateDir, START);
        planner.put(everySecond("tick").toBuilder()
                .misfire(new MisfirePolicy(strategy, MisfirePolicy.DEFAULT_THRESHOLD_MS, 5))
                .build());
        planner.fires();
        planner.jumpTo(BACK);
        return planner.fires();
    }
}
