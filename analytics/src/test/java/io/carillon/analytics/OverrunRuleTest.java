package io.carillon.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.FireIds;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The overrun rule: a warning found by the wall clock while a run runs too long, resolved when the run ends. */
class OverrunRuleTest {

    private static final Instant START = Instant.parse("2026-11-25T10:00:00Z");
    private static final long MAX_RUNTIME_MS = 60_000;

    @TempDir
    Path stateDir;

    private AnalyticsHarness analytics;

    @BeforeEach
    void start() {
        analytics = new AnalyticsHarness(stateDir, START);
        analytics.put(TestRuns.job("export", Schedule.none(), TestRuns.overrun(MAX_RUNTIME_MS)));
    }

    @AfterEach
    void stop() {
        analytics.close();
    }

    @Test
    void aRunningRunOpensOneWarningOnAQuietPartitionAndItsEndResolvesIt() {
        analytics.result(TestRuns.started("export", START, START));

        analytics.advance(Duration.ofSeconds(59));
        assertThat(analytics.incidents(IncidentRule.OVERRUN)).isEmpty();
        analytics.advance(Duration.ofSeconds(2));
        String runId = FireIds.runId(FireIds.scheduled("export", START), 0);
        assertThat(analytics.incidents(IncidentRule.OVERRUN)).singleElement().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.OPENED);
            assertThat(incident.incidentId()).isEqualTo("overrun:export:" + runId);
            assertThat(incident.app()).isEqualTo(TestRuns.APP);
            assertThat(incident.jobId()).isEqualTo("export");
            assertThat(incident.openedAt()).isEqualTo(START.plusSeconds(60));
            assertThat(incident.message()).startsWith("warning:").contains(runId, "60000 ms");
        });

        analytics.advance(Duration.ofMinutes(30), Duration.ofMinutes(1));
        assertThat(analytics.incidents(IncidentRule.OVERRUN)).isEmpty();

        analytics.result(ended(START.plus(Duration.ofMinutes(31))));
        assertThat(analytics.incidents(IncidentRule.OVERRUN)).singleElement().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.RESOLVED);
            assertThat(incident.incidentId()).isEqualTo("overrun:export:" + runId);
            assertThat(incident.message()).contains("ended SUCCEEDED after 1860000 ms");
        });
    }

    @Test
    void replayedStartsProgressAndEndsNeverOpenASecondIncident() {
        RunResult started = TestRuns.started("export", START, START);
        analytics.result(started);
        analytics.result(started);
        analytics.result(progress());
        analytics.advance(Duration.ofSeconds(61));
        analytics.result(started);
        analytics.result(ended(START.plusSeconds(61)));
        analytics.result(started);
        analytics.result(progress());
        analytics.result(ended(START.plusSeconds(61)));
        analytics.advance(Duration.ofMinutes(5), Duration.ofSeconds(10));

        assertThat(analytics.incidents(IncidentRule.OVERRUN))
                .extracting(Incident::action)
                .containsExactly(IncidentAction.OPENED, IncidentAction.RESOLVED);
    }

    @Test
    void aRunThatEndsInTimeOpensNothing() {
        analytics.result(TestRuns.started("export", START, START));
        analytics.advance(Duration.ofSeconds(30));
        analytics.result(ended(START.plusSeconds(30)));
        analytics.advance(Duration.ofMinutes(5), Duration.ofSeconds(10));

        assertThat(analytics.incidents(IncidentRule.OVERRUN)).isEmpty();
    }

    @Test
    void aLateStartIsJudgedByItsStartTimeAndALateEndSeenAloneOpensAndResolvesAtOnce() {
        analytics.advance(Duration.ofMinutes(10), Duration.ofSeconds(10));
        Instant longAgo = START.plusSeconds(30);
        analytics.resultStampedAt(TestRuns.started("export", longAgo, longAgo), longAgo);
        analytics.advance(Duration.ofSeconds(1));
        assertThat(analytics.incidents(IncidentRule.OVERRUN))
                .extracting(Incident::action)
                .containsExactly(IncidentAction.OPENED);

        Instant other = START.plusSeconds(60);
        RunResult endSeenAlone = TestRuns.ended("export", other, RunStatus.FAILED, other, other.plusSeconds(120));
        analytics.result(endSeenAlone);
        analytics.result(endSeenAlone);
        assertThat(analytics.incidents(IncidentRule.OVERRUN))
                .extracting(Incident::action, Incident::incidentId)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                IncidentAction.OPENED, "overrun:export:" + endSeenAlone.runId()),
                        org.assertj.core.groups.Tuple.tuple(
                                IncidentAction.RESOLVED, "overrun:export:" + endSeenAlone.runId()));
    }

    @Test
    void turningTheRuleOffOrDeletingTheJobResolvesTheOpenWarning() {
        analytics.result(TestRuns.started("export", START, START));
        analytics.advance(Duration.ofSeconds(61));
        analytics.put(TestRuns.job("export", Schedule.none()));

        assertThat(analytics.incidents(IncidentRule.OVERRUN))
                .extracting(Incident::action, Incident::message)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(IncidentAction.OPENED, analyticsMessageOfOpen()),
                        org.assertj.core.groups.Tuple.tuple(
                                IncidentAction.RESOLVED, "the overrun rule does not apply to the job any more"));
    }

    @Test
    void aJobWithoutTheRuleIsNotFollowed() {
        analytics.put(TestRuns.job("quiet", Schedule.none()));
        analytics.result(TestRuns.started("quiet", START, START));
        analytics.advance(Duration.ofHours(2), Duration.ofMinutes(1));

        assertThat(analytics.incidents(IncidentRule.OVERRUN)).isEmpty();
    }

    private static String analyticsMessageOfOpen() {
        return "warning: run " + FireIds.runId(FireIds.scheduled("export", START), 0) + " started at " + START
                + " has been running for more than " + MAX_RUNTIME_MS + " ms";
    }

    private static RunResult progress() {
        return TestRuns.result(
                "export",
                FireIds.scheduled("export", START),
                FireKind.SCHEDULED,
                1,
                RunStatus.PROGRESS,
                START,
                START,
                null);
    }

    private static RunResult ended(Instant finishedAt) {
        return TestRuns.ended("export", START, RunStatus.SUCCEEDED, START, finishedAt);
    }
}
