package io.carillon.planner;

import static io.carillon.planner.SchedulePlanningTest.seconds;
import static io.carillon.planner.TestJobs.everySecond;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;

/** The planner was away for a minute (no punctuation): the job's misfire policy decides what the gap becomes. */
class MisfireTest {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");
    private static final Instant BACK = START.plusSeconds(60);

    @TempDir
    Path stateDir;

    private PlannerHarness planner;

    @AfterEach
    void close() {
        planner.close();
    }

    @Test
    void fireOnceNowWritesOneMisfireThenFollowsTheSchedule() {
        List<FireEvent> fires = afterAGap(MisfireStrategy.FIRE_ONCE_NOW);

        assertThat(fires.get(0)).satisfies(fire -> {
            assertThat(fire.kind()).isEqualTo(FireKind.MISFIRE);
            assertThat(fire.scheduledAt()).isEqualTo(BACK);
            assertThat(fire.fireId()).isEqualTo(FireIds.scheduled("tick", START.plusSeconds(11)));
        });
        assertThat(fires.subList(1, fires.size())).extracting(FireEvent::scheduledAt)
                .containsExactlyElementsOf(seconds(START, 61, 70));
    }

    @Test
    void doNothingSkipsTheGap() {
        assertThat(afterAGap(MisfireStrategy.DO_NOTHING)).extracting(FireEvent::scheduledAt)
                .containsExactlyElementsOf(seconds(START, 61, 70));
    }

    @Test
    void catchUpReplaysTheMissedInstantsUpToItsMaximum() {
        List<FireEvent> fires = afterAGap(MisfireStrategy.CATCH_UP);

        assertThat(fires.subList(0, 5)).allSatisfy(fire -> assertThat(fire.kind()).isEqualTo(FireKind.MISFIRE))
                .extracting(FireEvent::scheduledAt).containsExactlyElementsOf(seconds(START, 11, 15));
        assertThat(fires.subList(5, fires.size())).extracting(FireEvent::scheduledAt)
                .containsExactlyElementsOf(seconds(START, 61, 70));
    }

    private List<FireEvent> afterAGap(MisfireStrategy strategy) {
        planner = new PlannerHarness(stateDir, START);
        planner.put(everySecond("tick").toBuilder()
                .misfire(new MisfirePolicy(strategy, MisfirePolicy.DEFAULT_THRESHOLD_MS, 5)).build());
        planner.fires();
        planner.jumpTo(BACK);
        return planner.fires();
    }
}
