package io.carillon.planner;

import static io.carillon.planner.SchedulePlanningTest.seconds;
import static io.carillon.planner.TestJobs.everySecond;
import static io.carillon.planner.TestJobs.job;
import static io.carillon.planner.TestJobs.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.Schedule;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class JobChangeTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");

    @BeforeEach
    void start() {
        planner = new PlannerHarness(stateDir, START);
    }

    @Test
    void aFasterScheduleAddsItsInstantsWithoutDoublingTheEmittedOnes() {
        JobDefinition everyTwo = job("tick", Schedule.fixedRate(2000));
        planner.put(everyTwo);
        List<FireEvent> events = new ArrayList<>(planner.fireEvents());

        planner.put(everyTwo.toBuilder()
                .schedule(Schedule.fixedRate(1000))
                .version(2)
                .build());
        events.addAll(planner.fireEvents());
        planner.advance(Duration.ofSeconds(5));
        events.addAll(planner.fireEvents());

        assertThat(events).extracting(FireEvent::action).containsOnly(FireAction.FIRE);
        assertThat(events)
                .extracting(FireEvent::scheduledAt)
                .doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(seconds(START, 1, PlannerHarness.FIRST_REFILL_END));
    }

    @Test
    void aSlowerScheduleCancelsTheEmittedInstantsItNoLongerHas() {
        JobDefinition everySecond = everySecond("tick");
        planner.put(everySecond);
        planner.fireEvents();

        planner.put(everySecond.toBuilder()
                .schedule(Schedule.fixedRate(4000))
                .version(2)
                .build());
        List<FireEvent> onChange = planner.fireEvents();
        planner.advance(Duration.ofSeconds(4));
        List<FireEvent> after = planner.fireEvents();

        assertThat(onChange).extracting(FireEvent::action).containsOnly(FireAction.CANCEL);
        assertThat(onChange)
                .extracting(FireEvent::fireId)
                .containsExactlyInAnyOrderElementsOf(fireIds("tick", 1, 2, 3, 5, 6, 7, 9, 10));
        assertThat(after)
                .extracting(FireEvent::action, FireEvent::scheduledAt)
                .as("the visit of the timer at 12 s, at 2 s, writes up to 22 s (horizon plus chunk)")
                .containsExactly(
                        tuple(FireAction.FIRE, START.plusSeconds(12)),
                        tuple(FireAction.FIRE, START.plusSeconds(16)),
                        tuple(FireAction.FIRE, START.plusSeconds(20)));
    }

    @Test
    void disablingCancelsTheEmittedFiresNotYetDueAndStopsFiring() {
        JobDefinition job = everySecond("tick");
        planner.put(job);
        planner.advance(Duration.ofMillis(2500));
        planner.fireEvents();

        planner.put(job.toBuilder().enabled(false).version(2).build());
        List<FireEvent> onDisable = planner.fireEvents();
        planner.advance(Duration.ofSeconds(1));
        planner.jumpTo(START.plusSeconds(30));
        planner.advance(Duration.ofSeconds(1));

        assertThat(onDisable).extracting(FireEvent::action).containsOnly(FireAction.CANCEL);
        assertThat(onDisable)
                .extracting(FireEvent::scheduledAt)
                .containsExactlyElementsOf(seconds(START, 3, PlannerHarness.FIRST_REFILL_END));
        assertThat(planner.fireEvents()).isEmpty();
    }

    @Test
    void reEnablingPlansFromNow() {
        JobDefinition job = everySecond("tick");
        planner.put(job);
        planner.put(job.toBuilder().enabled(false).version(2).build());
        planner.advance(Duration.ofSeconds(1));
        planner.jumpTo(START.plusMillis(30_500));
        planner.fireEvents();

        planner.put(job.toBuilder().enabled(true).version(3).build());

        assertThat(planner.fires())
                .extracting(FireEvent::scheduledAt)
                .containsExactlyElementsOf(seconds(START, 31, 40));
    }

    @Test
    void deletingCancelsTheEmittedFiresNotYetDueAndForgetsTheJob() {
        planner.put(everySecond("tick"));
        planner.advance(Duration.ofMillis(1500));
        planner.fireEvents();

        planner.delete("tick");
        List<FireEvent> onDelete = planner.fireEvents();
        planner.advance(Duration.ofSeconds(1));
        planner.jumpTo(START.plusSeconds(30));
        planner.request(request("r-1", "tick", RequestType.RUN_NOW, null, null));

        assertThat(onDelete).extracting(FireEvent::action).containsOnly(FireAction.CANCEL);
        assertThat(onDelete)
                .extracting(FireEvent::scheduledAt)
                .containsExactlyElementsOf(seconds(START, 2, PlannerHarness.FIRST_REFILL_END));
        assertThat(planner.fireEvents()).isEmpty();
        assertThat(planner.deadLetters())
                .as("parked while the job may still come back")
                .isEmpty();
        planner.advanceCoarsely(PlannerSettings.DEFAULT_UNKNOWN_JOB_GRACE);
        assertThat(planner.deadLetters())
                .singleElement()
                .satisfies(letter -> assertThat(letter.reason()).contains("unknown job 'tick'"));
    }

    @Test
    void pauseCancelsLikeDisableAndResumePlansFromNow() {
        planner.put(everySecond("tick"));
        planner.fireEvents();

        planner.request(request("pause-1", "tick", RequestType.PAUSE, null, null));
        List<FireEvent> onPause = planner.fireEvents();
        planner.advance(Duration.ofSeconds(1));
        planner.jumpTo(START.plusMillis(20_500));
        List<FireEvent> whilePaused = planner.fireEvents();
        planner.request(request("resume-1", "tick", RequestType.RESUME, null, null));

        assertThat(onPause)
                .extracting(FireEvent::action)
                .containsOnly(FireAction.CANCEL)
                .hasSize(10);
        assertThat(whilePaused).isEmpty();
        assertThat(planner.fires())
                .extracting(FireEvent::scheduledAt)
                .containsExactlyElementsOf(seconds(START, 21, 30));
    }

    @Test
    void aReplayedDefinitionChangesNothing() {
        JobDefinition job = everySecond("tick");
        planner.put(job);
        planner.fireEvents();

        planner.put(job);

        assertThat(planner.fireEvents()).isEmpty();
        assertThat(planner.deadLetters()).isEmpty();
    }

    private static List<String> fireIds(String jobId, int... seconds) {
        return Arrays.stream(seconds)
                .mapToObj(s -> FireIds.scheduled(jobId, START.plusSeconds(s)))
                .toList();
    }
}
