package io.carillon.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The failure-rate rule: more than a share of a window's fires failed, judged as results come and as time passes. */
class FailureRateRuleTest {

    private static final Instant START = Instant.parse("2026-11-25T10:00:00Z");
    private static final long WINDOW_MS = Duration.ofMinutes(10).toMillis();

    @TempDir
    Path stateDir;

    private AnalyticsHarness analytics;
    private int fires;

    @BeforeEach
    void start() {
        analytics = new AnalyticsHarness(stateDir, START);
        analytics.put(TestRuns.job("sync", Schedule.none(), TestRuns.failureRate(50, WINDOW_MS, 4)));
        analytics.put(TestRuns.job("quiet", Schedule.none()));
    }

    @AfterEach
    void stop() {
        analytics.close();
    }

    @Test
    void moreThanTheShareFailedOpensOnceUpdatesAndAQuietWindowResolvesItByTheClock() {
        analytics.result(fire("sync", RunStatus.SUCCEEDED));
        analytics.result(fire("sync", RunStatus.FAILED));
        analytics.result(fire("sync", RunStatus.FAILED));
        assertThat(analytics.incidents(IncidentRule.FAILURE_RATE)).isEmpty();

        analytics.result(fire("sync", RunStatus.TIMED_OUT));
        List<Incident> opened = analytics.incidents(IncidentRule.FAILURE_RATE);
        assertThat(opened).singleElement().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.OPENED);
            assertThat(incident.incidentId()).isEqualTo("failure-rate:sync:" + START.toEpochMilli());
            assertThat(incident.count()).isEqualTo(3);
            assertThat(incident.message())
                    .isEqualTo("3 of 4 fire(s) failed over the last 600000 ms; more than 50 % is too many");
        });

        analytics.advance(Duration.ofMinutes(1), Duration.ofSeconds(10));
        analytics.result(fire("sync", RunStatus.LOST));
        assertThat(analytics.incidents(IncidentRule.FAILURE_RATE))
                .singleElement()
                .satisfies(incident -> {
                    assertThat(incident.action()).isEqualTo(IncidentAction.UPDATED);
                    assertThat(incident.count()).isEqualTo(4);
                });

        analytics.advance(Duration.ofMinutes(12), Duration.ofSeconds(10));
        assertThat(analytics.incidents(IncidentRule.FAILURE_RATE))
                .singleElement()
                .satisfies(incident -> {
                    assertThat(incident.action()).isEqualTo(IncidentAction.RESOLVED);
                    assertThat(incident.incidentId()).isEqualTo(opened.get(0).incidentId());
                    assertThat(incident.message()).startsWith("0 of 0 fire(s) failed");
                });
    }

    @Test
    void successesBringingTheShareBackToTheLimitResolve() {
        for (RunStatus status : List.of(
                RunStatus.SUCCEEDED,
                RunStatus.FAILED,
                RunStatus.FAILED,
                RunStatus.FAILED,
                RunStatus.SUCCEEDED,
                RunStatus.SUCCEEDED)) {
            analytics.result(fire("sync", status));
        }

        assertThat(analytics.incidents(IncidentRule.FAILURE_RATE))
                .extracting(Incident::action, Incident::count)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(IncidentAction.OPENED, 3),
                        org.assertj.core.groups.Tuple.tuple(IncidentAction.RESOLVED, 3));
    }

    @Test
    void replayedResultsCountOnceAndNeverOpenASecondIncident() {
        RunResult failure = fire("sync", RunStatus.FAILED);
        for (int i = 0; i < 5; i++) {
            analytics.result(failure);
        }
        analytics.result(fire("sync", RunStatus.SUCCEEDED));
        analytics.result(fire("sync", RunStatus.SUCCEEDED));
        assertThat(analytics.incidents(IncidentRule.FAILURE_RATE)).isEmpty();

        RunResult second = fire("sync", RunStatus.FAILED);
        RunResult third = fire("sync", RunStatus.FAILED);
        analytics.result(second);
        analytics.result(third);
        analytics.result(second);
        analytics.result(third);
        analytics.result(failure);

        assertThat(analytics.incidents(IncidentRule.FAILURE_RATE))
                .extracting(Incident::action, Incident::count)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(IncidentAction.OPENED, 3));
    }

    @Test
    void aLateResultCountsInItsOwnTimeAndOneOlderThanTheWindowDoesNotCount() {
        analytics.advance(Duration.ofMinutes(15), Duration.ofMinutes(1));
        Instant tooOld = START.plusSeconds(60);
        for (int i = 0; i < 4; i++) {
            analytics.resultStampedAt(fire("sync", RunStatus.FAILED, tooOld), tooOld);
        }
        assertThat(analytics.incidents(IncidentRule.FAILURE_RATE)).isEmpty();

        Instant late = START.plus(Duration.ofMinutes(7));
        for (int i = 0; i < 4; i++) {
            analytics.resultStampedAt(fire("sync", RunStatus.FAILED, late), late);
        }
        assertThat(analytics.incidents(IncidentRule.FAILURE_RATE))
                .extracting(Incident::action)
                .containsExactly(IncidentAction.OPENED);
        analytics.advance(Duration.ofMinutes(2), Duration.ofSeconds(10));
        assertThat(analytics.incidents(IncidentRule.FAILURE_RATE)).isEmpty();
        analytics.advance(Duration.ofSeconds(20), Duration.ofSeconds(10));
        assertThat(analytics.incidents(IncidentRule.FAILURE_RATE))
                .extracting(Incident::action)
                .containsExactly(IncidentAction.RESOLVED);
    }

    @Test
    void anAttemptToBeRetriedKilledRunsAndJobsWithoutTheRuleDoNotCount() {
        analytics.put(
                TestRuns.withRetries(TestRuns.job("sync", Schedule.none(), TestRuns.failureRate(50, WINDOW_MS, 1)), 2));
        analytics.result(
                TestRuns.result("sync", "sync@1", FireKind.SCHEDULED, 1, RunStatus.FAILED, START, START, START));
        analytics.result(fire("sync", RunStatus.KILLED));
        for (int i = 0; i < 5; i++) {
            analytics.result(fire("quiet", RunStatus.FAILED));
        }

        assertThat(analytics.incidents(IncidentRule.FAILURE_RATE)).isEmpty();
    }

    private RunResult fire(String jobId, RunStatus status) {
        return fire(jobId, status, analytics.clock.instant());
    }

    private RunResult fire(String jobId, RunStatus status, Instant at) {
        fires++;
        return TestRuns.result(jobId, jobId + "@" + fires, FireKind.SCHEDULED, 1, status, at, at, at.plusMillis(5));
    }
}
