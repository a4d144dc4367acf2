package io.carillon.planner;

import static io.carillon.planner.TestJobs.job;
import static io.carillon.planner.TestJobs.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.Schedule;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A request for a job the planner does not hold yet is parked for the grace (30 s by default) and applied when the
 * job arrives; when the grace is over it goes to the dlq, naming the job and the grace.
 */
class ParkedRequestsTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");
    private static final Duration GRACE = PlannerSettings.DEFAULT_UNKNOWN_JOB_GRACE;

    @Test
    void aRequestReadBeforeItsJobIsAppliedWhenTheJobArrives() {
        planner = new PlannerHarness(stateDir, START);
        planner.request(request("now-1", "fresh", RequestType.RUN_NOW, null, "{\"p\":1}"));
        planner.request(request("at-1", "fresh", RequestType.RUN_AT, START.plusSeconds(5), null));
        planner.advance(Duration.ofSeconds(2));
        assertThat(planner.fires()).isEmpty();
        assertThat(planner.deadLetters()).isEmpty();

        planner.put(job("fresh", Schedule.none()));

        assertThat(planner.fires())
                .extracting(FireEvent::fireId, FireEvent::kind, FireEvent::scheduledAt, FireEvent::params)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                "now-1", FireKind.MANUAL, START.plusSeconds(2), "{\"p\":1}"),
                        org.assertj.core.groups.Tuple.tuple(
                                "at-1", FireKind.MANUAL, START.plusSeconds(5), "{\"job\":true}"));
        planner.advanceCoarsely(GRACE.plusSeconds(5));
        planner.request(request("now-1", "fresh", RequestType.RUN_NOW, null, null));
        assertThat(planner.fires()).as("applied once; a replay does nothing").isEmpty();
        assertThat(planner.deadLetters()).isEmpty();
    }

    @Test
    void aRequestWhoseJobNeverArrivesGoesToTheDlqWhenTheGraceIsOver() {
        planner = new PlannerHarness(stateDir, START);
        planner.request(request("now-1", "ghost", RequestType.RUN_NOW, null, null));

        planner.advance(GRACE.minusSeconds(1));
        assertThat(planner.deadLetters()).isEmpty();
        planner.advance(Duration.ofSeconds(2));
        assertThat(planner.deadLetters()).singleElement().satisfies(letter -> {
            assertThat(letter.sourceTopic()).isEqualTo(planner.catalog.requests());
            assertThat(letter.key()).isEqualTo("ghost");
            assertThat(letter.reason())
                    .isEqualTo("jobId: unknown job 'ghost': no definition arrived on the jobs "
                            + "topic within the grace of 30000 ms");
        });

        planner.put(job("ghost", Schedule.none()));
        assertThat(planner.fires())
                .as("a dead-lettered request is not applied later")
                .isEmpty();
    }

    @Test
    void aPauseReadBeforeItsJobHoldsTheSchedule() {
        planner = new PlannerHarness(stateDir, START);
        planner.request(request("pause-1", "tick", RequestType.PAUSE, null, null));

        planner.put(TestJobs.everySecond("tick"));
        List<FireEvent> onArrival = planner.fireEvents();
        planner.advance(Duration.ofSeconds(3));

        assertThat(onArrival)
                .filteredOn(fire -> fire.action() == FireAction.CANCEL)
                .extracting(FireEvent::fireId)
                .as("the fires planned on arrival are cancelled by the pause at once")
                .containsExactlyElementsOf(onArrival.stream()
                        .filter(fire -> fire.action() == FireAction.FIRE)
                        .map(FireEvent::fireId)
                        .toList())
                .isNotEmpty();
        assertThat(planner.fireEvents()).isEmpty();
    }

    @Test
    void withAZeroGraceTheRequestGoesToTheDlqAtOnce() {
        planner = new PlannerHarness(
                stateDir,
                START,
                new PlannerSettings(
                        PlannerHarness.HORIZON,
                        PlannerHarness.INTERVAL,
                        1,
                        1,
                        PlannerSettings.DEFAULT_RUN_TIMEOUT_GRACE,
                        PlannerSettings.DEFAULT_OPEN_RUN_CHECK_INTERVAL,
                        Duration.ZERO));
        planner.request(request("now-1", "ghost", RequestType.RUN_NOW, null, null));

        assertThat(planner.deadLetters())
                .singleElement()
                .satisfies(letter -> assertThat(letter.reason()).isEqualTo("jobId: unknown job 'ghost'"));
    }

    @Test
    void aChildJobDefinedJustAfterItsParentSucceededStillFires() {
        planner = new PlannerHarness(stateDir, START);
        planner.request(new JobRequest(
                JobRequest.SCHEMA_VERSION,
                "parent@1#0>late-child",
                "late-child",
                RequestType.CHILD,
                null,
                null,
                null,
                null,
                "parent@1#0",
                "planner",
                START));
        planner.advance(Duration.ofSeconds(10));

        planner.put(job("late-child", Schedule.none()));

        assertThat(planner.fires())
                .extracting(FireEvent::kind, FireEvent::parentRunId)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(FireKind.CHILD, "parent@1#0"));
    }
}
