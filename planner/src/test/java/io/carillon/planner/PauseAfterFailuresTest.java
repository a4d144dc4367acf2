package io.carillon.planner;

import static io.carillon.planner.TestJobs.job;
import static io.carillon.planner.TestJobs.request;
import static io.carillon.planner.TestJobs.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** {@code pauseAfterFailures}: the planner counts a job's consecutive final failures and pauses it at the limit. */
class PauseAfterFailuresTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");
    private static final Duration MINUTE = Duration.ofMinutes(1);

    /** Fires every minute, at START plus whole minutes; paused after 3 consecutive failures. */
    private static JobDefinition guarded() {
        return job("guarded", Schedule.fixedRate(MINUTE.toMillis())).toBuilder()
                .pauseAfterFailures(3)
                .build();
    }

    @Test
    void threeConsecutiveFinalFailuresPauseTheJobAndOpenAnIncidentWithTheReason() {
        start(guarded());

        failMinutes(1, 2);
        assertThat(planner.writtenIncidents()).as("2 failures of 3").isEmpty();

        planner.advanceCoarsely(Duration.between(planner.clock.instant(), START.plus(Duration.ofSeconds(235))));
        assertThat(planner.fires())
                .extracting(FireEvent::scheduledAt)
                .as("the fire of minute 4 is written ahead")
                .contains(START.plus(MINUTE.multipliedBy(4)));
        Instant pausedAt = planner.clock.instant();
        planner.result(result("guarded", fireAt(3), RunStatus.FAILED, 1, pausedAt));
        String third = fireAt(3);
        assertThat(planner.writtenIncidents()).singleElement().satisfies(step -> {
            assertThat(step.rule()).isEqualTo(IncidentRule.PAUSED);
            assertThat(step.action()).isEqualTo(IncidentAction.OPENED);
            assertThat(step.incidentId()).isEqualTo("paused:guarded:" + third);
            assertThat(step.jobId()).isEqualTo("guarded");
            assertThat(step.app()).isEqualTo("demo");
            assertThat(step.count()).isEqualTo(3);
            assertThat(step.fireId()).isEqualTo(third);
            assertThat(step.openedAt()).isEqualTo(pausedAt);
            assertThat(step.message())
                    .isEqualTo("paused after 3 consecutive failures; the last, run " + third + "#0, ended FAILED");
        });
        assertThat(planner.fireEvents())
                .as("the next minute's fire, written ahead, is cancelled as by a PAUSE request")
                .extracting(FireEvent::action, FireEvent::scheduledAt)
                .containsExactly(tuple(FireAction.CANCEL, START.plus(MINUTE.multipliedBy(4))));

        planner.advanceCoarsely(Duration.ofMinutes(5));
        assertThat(planner.fires()).as("paused: nothing fires").isEmpty();
    }

    @Test
    void aResumeResolvesTheIncidentRestartsTheScheduleAndTheCount() {
        start(guarded());
        failMinutes(1, 2, 3);
        Incident opened = planner.writtenIncidents().get(0);

        planner.request(request("resume-1", "guarded", RequestType.RESUME, null, null));
        assertThat(planner.writtenIncidents()).singleElement().satisfies(step -> {
            assertThat(step.incidentId()).isEqualTo(opened.incidentId());
            assertThat(step.action()).isEqualTo(IncidentAction.RESOLVED);
            assertThat(step.openedAt()).isEqualTo(opened.openedAt());
            assertThat(step.message()).isEqualTo("resumed");
        });
        planner.advanceCoarsely(MINUTE);
        assertThat(planner.fires()).as("the schedule runs again").isNotEmpty();

        planner.result(result("guarded", "other-1", RunStatus.FAILED, 1, planner.clock.instant()));
        planner.result(result("guarded", "other-2", RunStatus.FAILED, 1, planner.clock.instant()));
        assertThat(planner.writtenIncidents())
                .as("the count started again from 0")
                .isEmpty();
    }

    @Test
    void aFailedAttemptThatWillBeRetriedDoesNotCount() {
        start(guarded().toBuilder().retry(new RetryPolicy(2, 1_000, 1, 0)).build());

        for (int minute = 1; minute <= 3; minute++) {
            planner.result(result("guarded", fireAt(minute), RunStatus.FAILED, 1, planner.clock.instant()));
        }
        assertThat(planner.writtenIncidents())
                .as("each of the three will be retried")
                .isEmpty();

        for (int minute = 1; minute <= 3; minute++) {
            planner.result(result("guarded", fireAt(minute) + "~2", RunStatus.TIMED_OUT, 2, planner.clock.instant()));
        }
        assertThat(planner.writtenIncidents())
                .as("the last attempts count")
                .extracting(Incident::action)
                .containsExactly(IncidentAction.OPENED);
    }

    @Test
    void aSuccessResetsTheCount() {
        start(guarded());

        failMinutes(1, 2);
        planner.result(result("guarded", fireAt(3), RunStatus.SUCCEEDED, 1, planner.clock.instant()));
        failMinutes(4, 5);
        assertThat(planner.writtenIncidents())
                .as("2 failures since the success")
                .isEmpty();

        failMinutes(6);
        assertThat(planner.writtenIncidents()).extracting(Incident::action).containsExactly(IncidentAction.OPENED);
    }

    @Test
    void aResultReadTwiceAndKilledOrSkippedRunsCountOnceOrNotAtAll() {
        start(guarded());

        failMinutes(1, 1, 1);
        planner.result(result("guarded", fireAt(2), RunStatus.KILLED, 1, planner.clock.instant()));
        planner.result(result("guarded", fireAt(3), RunStatus.SKIPPED, 1, planner.clock.instant()));
        failMinutes(4);
        assertThat(planner.writtenIncidents()).as("2 failures counted").isEmpty();
    }

    @Test
    void aJobWithoutTheOptionIsNeverPaused() {
        start(guarded().toBuilder().pauseAfterFailures(null).build());

        failMinutes(1, 2, 3, 4, 5);

        assertThat(planner.writtenIncidents()).isEmpty();
        planner.advanceCoarsely(MINUTE);
        assertThat(planner.fires()).isNotEmpty();
    }

    private void start(JobDefinition job) {
        planner = new PlannerHarness(stateDir, START);
        planner.put(job);
        planner.fires();
    }

    /** Moves to each minute in turn (as far as the clock is not past it) and reads a FAILED result of its fire. */
    private void failMinutes(int... minutes) {
        for (int minute : minutes) {
            Instant at = START.plus(MINUTE.multipliedBy(minute));
            if (planner.clock.instant().isBefore(at)) {
                planner.advanceCoarsely(Duration.between(planner.clock.instant(), at));
            }
            planner.fireEvents();
            planner.result(result("guarded", fireAt(minute), RunStatus.FAILED, 1, planner.clock.instant()));
        }
    }

    private static String fireAt(int minute) {
        return FireIds.scheduled("guarded", START.plus(MINUTE.multipliedBy(minute)));
    }
}
