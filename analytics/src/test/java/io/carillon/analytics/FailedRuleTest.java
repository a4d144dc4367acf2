package io.carillon.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.JobDefinition;
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

/** The failed rule: incidents open after the last attempt, once, and resolve after the successes asked for. */
class FailedRuleTest {

    private static final Instant START = Instant.parse("2026-11-25T10:00:00Z");

    @TempDir
    Path stateDir;

    private AnalyticsHarness analytics;

    @BeforeEach
    void start() {
        analytics = new AnalyticsHarness(stateDir, START);
    }

    @AfterEach
    void stop() {
        analytics.close();
    }

    @Test
    void aFailedRunOpensOneIncidentAndASuccessResolvesIt() {
        analytics.put(TestRuns.job("invoice", Schedule.none()));

        analytics.result(failed("invoice", 1));
        List<Incident> opened = analytics.incidents(IncidentRule.FAILED);
        assertThat(opened).singleElement().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.OPENED);
            assertThat(incident.rule()).isEqualTo(IncidentRule.FAILED);
            assertThat(incident.incidentId()).isEqualTo("failed:invoice:invoice@1");
            assertThat(incident.jobId()).isEqualTo("invoice");
            assertThat(incident.app()).isEqualTo(TestRuns.APP);
            assertThat(incident.count()).isEqualTo(1);
            assertThat(incident.message()).contains("FAILED", "boom");
        });

        analytics.advance(Duration.ofSeconds(5));
        analytics.result(succeeded("invoice", 2));

        assertThat(analytics.incidents(IncidentRule.FAILED)).singleElement().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.RESOLVED);
            assertThat(incident.incidentId()).isEqualTo("failed:invoice:invoice@1");
            assertThat(incident.openedAt()).isEqualTo(START);
            assertThat(incident.at()).isEqualTo(START.plusSeconds(5));
        });
    }

    @Test
    void replayedResultsNeverOpenASecondIncident() {
        analytics.put(TestRuns.job("invoice", Schedule.none()));
        RunResult failure = failed("invoice", 1);
        RunResult success = succeeded("invoice", 2);

        analytics.result(failure);
        analytics.result(failure);
        analytics.result(success);
        analytics.result(failure);
        analytics.result(success);

        assertThat(analytics.incidents(IncidentRule.FAILED))
                .extracting(Incident::action)
                .containsExactly(IncidentAction.OPENED, IncidentAction.RESOLVED);
    }

    @Test
    void consecutiveFailuresOpenAfterNAndUpdateAfterwards() {
        analytics.put(TestRuns.job(
                "invoice",
                Schedule.none(),
                new Alerting(null, 3, 2, null, null, null, null, null, null, null, null, null, null, null, null)));

        analytics.result(failed("invoice", 1));
        analytics.result(failed("invoice", 2));
        analytics.result(succeeded("invoice", 3));
        analytics.result(failed("invoice", 4));
        analytics.result(failed("invoice", 5));
        assertThat(analytics.incidents(IncidentRule.FAILED)).isEmpty();

        analytics.result(failed("invoice", 6));
        analytics.result(failed("invoice", 7));
        analytics.result(succeeded("invoice", 8));
        analytics.result(failed("invoice", 9));
        analytics.result(succeeded("invoice", 10));
        analytics.result(succeeded("invoice", 11));

        List<Incident> steps = analytics.incidents(IncidentRule.FAILED);
        assertThat(steps)
                .extracting(Incident::action)
                .containsExactly(
                        IncidentAction.OPENED, IncidentAction.UPDATED, IncidentAction.UPDATED, IncidentAction.RESOLVED);
        assertThat(steps).extracting(Incident::incidentId).containsOnly("failed:invoice:invoice@6");
        assertThat(steps).extracting(Incident::count).containsExactly(3, 4, 5, 5);
    }

    @Test
    void theAppsDefaultsApplyToWhatAJobLeavesOut() {
        analytics.close();
        analytics = new AnalyticsHarness(
                stateDir.resolve("defaults"),
                START,
                new Alerting(null, 2, null, null, null, false, null, null, null, null, null, null, null, null, null));
        analytics.put(TestRuns.job("invoice", Schedule.none()));
        analytics.put(TestRuns.job(
                "report",
                Schedule.none(),
                new Alerting(null, 1, null, null, null, null, null, null, null, null, null, null, null, null, null)));

        analytics.result(failed("invoice", 1));
        analytics.result(failed("report", 1));
        assertThat(analytics.incidents(IncidentRule.FAILED))
                .extracting(Incident::jobId)
                .containsExactly("report");

        analytics.result(failed("invoice", 2));
        assertThat(analytics.incidents(IncidentRule.FAILED))
                .extracting(Incident::jobId)
                .containsExactly("invoice");
        analytics.advance(Duration.ofMinutes(5), Duration.ofSeconds(30));
        assertThat(analytics.incidents(IncidentRule.NO_WORKER)).isEmpty();
    }

    @Test
    void anAttemptThatWillBeRetriedDoesNotCountOnlyTheLastOne() {
        JobDefinition job = TestRuns.withRetries(TestRuns.job("invoice", Schedule.none()), 3);
        analytics.put(job);
        String fire = FireIds.scheduled("invoice", START);

        analytics.result(attempt(fire, 1, RunStatus.FAILED));
        analytics.result(attempt(FireIds.retry(fire, 2), 2, RunStatus.LOST));
        assertThat(analytics.incidents(IncidentRule.FAILED)).isEmpty();

        analytics.result(attempt(FireIds.retry(fire, 3), 3, RunStatus.TIMED_OUT));
        assertThat(analytics.incidents(IncidentRule.FAILED)).singleElement().satisfies(incident -> {
            assertThat(incident.incidentId()).isEqualTo("failed:invoice:" + fire);
            assertThat(incident.fireId()).isEqualTo(FireIds.retry(fire, 3));
        });
    }

    @Test
    void noWorkerCountsAsAFailureAndKilledCountsNeitherWay() {
        analytics.put(TestRuns.job("invoice", Schedule.none()));

        analytics.result(
                TestRuns.result("invoice", "invoice@1", FireKind.MANUAL, 1, RunStatus.KILLED, START, START, START));
        assertThat(analytics.incidents(IncidentRule.FAILED)).isEmpty();

        analytics.result(
                TestRuns.result("invoice", "invoice@2", FireKind.MANUAL, 1, RunStatus.NO_WORKER, START, null, START));
        assertThat(analytics.incidents(IncidentRule.FAILED))
                .extracting(Incident::action)
                .containsExactly(IncidentAction.OPENED);
    }

    @Test
    void aJobWhoseFailedRuleIsOffOpensNothingAndDeletingAJobResolvesItsIncident() {
        analytics.put(TestRuns.job(
                "quiet",
                Schedule.none(),
                new Alerting(
                        false, null, null, null, null, null, null, null, null, null, null, null, null, null, null)));
        analytics.put(TestRuns.job("invoice", Schedule.none()));

        analytics.result(failed("quiet", 1));
        analytics.result(failed("invoice", 1));
        analytics.delete("invoice");

        List<Incident> steps = analytics.incidents(IncidentRule.FAILED);
        assertThat(steps).extracting(Incident::jobId).containsOnly("invoice");
        assertThat(steps).extracting(Incident::action).containsExactly(IncidentAction.OPENED, IncidentAction.RESOLVED);
        assertThat(steps.get(1).message()).isEqualTo("job deleted");
    }

    private static RunResult failed(String jobId, int fire) {
        return TestRuns.result(
                jobId, jobId + "@" + fire, FireKind.SCHEDULED, 1, RunStatus.FAILED, START, START, START.plusMillis(10));
    }

    private static RunResult succeeded(String jobId, int fire) {
        return TestRuns.result(
                jobId,
                jobId + "@" + fire,
                FireKind.SCHEDULED,
                1,
                RunStatus.SUCCEEDED,
                START,
                START,
                START.plusMillis(10));
    }

    private static RunResult attempt(String fireId, int attempt, RunStatus status) {
        return TestRuns.result(
                "invoice",
                fireId,
                attempt == 1 ? FireKind.SCHEDULED : FireKind.RETRY,
                attempt,
                status,
                START,
                START,
                START.plusMillis(10));
    }
}
