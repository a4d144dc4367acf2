package io.carillon.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The effective rules of a job: its own block, else its app's defaults, else the global ones (both from
 * {@code alert-rules}), else the built-in ones; a change of defaults reaches jobs that are not written again.
 */
class AlertRuleDefaultsTest {

    private static final Instant START = Instant.parse("2026-11-25T10:00:00Z");
    private static final String OTHER_APP = "shipping";

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
    void aJobsBlockWinsOverItsAppsDefaultsWhichWinOverTheGlobalOnesField() {
        analytics.alertRules("*", TestRuns.overrun(60_000));
        analytics.alertRules(
                TestRuns.APP,
                new Alerting(
                        null, null, null, null, null, null, null, null, 120_000L, null, null, null, null, null, null));
        analytics.put(TestRuns.job("own", Schedule.none(), TestRuns.overrun(30_000)));
        analytics.put(TestRuns.job("app-default", Schedule.none()));
        analytics.put(inOtherApp(TestRuns.job("global-default", Schedule.none())));
        analytics.put(TestRuns.job(
                "turned-off",
                Schedule.none(),
                new Alerting(
                        null, null, null, null, null, null, null, false, null, null, null, null, null, null, null)));
        for (String jobId : new String[] {"own", "app-default", "global-default", "turned-off"}) {
            analytics.result(TestRuns.started(jobId, START, START));
        }

        analytics.advance(Duration.ofSeconds(31));
        assertThat(openedJobs()).containsExactly("own");
        analytics.advance(Duration.ofSeconds(30));
        assertThat(openedJobs()).containsExactly("global-default");
        analytics.advance(Duration.ofSeconds(60));
        assertThat(openedJobs()).containsExactly("app-default");
        analytics.advance(Duration.ofMinutes(10), Duration.ofMinutes(1));
        assertThat(openedJobs()).isEmpty();
    }

    @Test
    void withoutDefaultsTheBuiltInRulesApplyAndAChangeOfDefaultsReachesJobsNotWrittenAgain() {
        analytics.put(TestRuns.job("invoice", Schedule.none()));
        analytics.result(failed("invoice@1"));
        assertThat(analytics.incidents(IncidentRule.FAILED))
                .extracting(Incident::action)
                .containsExactly(IncidentAction.OPENED);

        analytics.alertRules(
                "*",
                new Alerting(
                        false, null, null, null, null, null, null, null, null, null, null, null, null, null, null));
        analytics.advance(Duration.ofSeconds(1));
        assertThat(analytics.incidents(IncidentRule.FAILED))
                .extracting(Incident::action, Incident::message)
                .containsExactly(tuple(IncidentAction.RESOLVED, "the failed rule does not apply to the job any more"));
        analytics.result(failed("invoice@2"));
        assertThat(analytics.incidents(IncidentRule.FAILED)).isEmpty();

        analytics.alertRules(
                TestRuns.APP,
                new Alerting(true, null, null, null, null, null, null, null, null, null, null, null, null, null, null));
        analytics.advance(Duration.ofSeconds(1));
        analytics.result(failed("invoice@3"));
        assertThat(analytics.incidents(IncidentRule.FAILED))
                .extracting(Incident::action, Incident::incidentId)
                .containsExactly(tuple(IncidentAction.OPENED, "failed:invoice:invoice@3"));
    }

    @Test
    void removedOrInvalidDefaultsLeaveTheNextLevelInForce() {
        analytics.alertRules("*", TestRuns.overrun(60_000));
        analytics.rawAlertRules("*", "{\"overrun\":true,\"maxRuntimeMs\":5}");
        analytics.rawAlertRules("Not An App", "{\"overrun\":true,\"maxRuntimeMs\":1000}");
        analytics.rawAlertRules(TestRuns.APP, "{not json");
        analytics.put(TestRuns.job("export", Schedule.none()));
        analytics.result(TestRuns.started("export", START, START));
        analytics.advance(Duration.ofMinutes(90), Duration.ofMinutes(1));
        assertThat(analytics.incidents(IncidentRule.OVERRUN)).isEmpty();

        analytics.alertRules(TestRuns.APP, TestRuns.overrun(60_000));
        analytics.alertRules(TestRuns.APP, null);
        analytics.put(TestRuns.job("report", Schedule.none()));
        analytics.result(TestRuns.started("report", analytics.clock.instant(), analytics.clock.instant()));
        analytics.advance(Duration.ofHours(2), Duration.ofMinutes(1));
        assertThat(analytics.incidents(IncidentRule.OVERRUN)).isEmpty();
    }

    private java.util.List<String> openedJobs() {
        return analytics.incidents(IncidentRule.OVERRUN).stream()
                .filter(incident -> incident.action() == IncidentAction.OPENED)
                .map(Incident::jobId)
                .toList();
    }

    private static JobDefinition inOtherApp(JobDefinition job) {
        return job.toBuilder().app(OTHER_APP).build();
    }

    private static io.carillon.topics.events.RunResult failed(String fireId) {
        return TestRuns.result(
                "invoice", fireId, FireKind.SCHEDULED, 1, RunStatus.FAILED, START, START, START.plusMillis(10));
    }
}
