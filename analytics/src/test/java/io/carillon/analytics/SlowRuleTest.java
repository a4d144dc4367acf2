package io.carillon.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

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

/** The slow rule: a run slower than a factor of its job's p95 over the closed hours of the last day. */
class SlowRuleTest {

    private static final Instant START = Instant.parse("2026-11-25T10:00:00Z");
    private static final long USUAL_MS = 1_000;

    @TempDir
    Path stateDir;

    private AnalyticsHarness analytics;
    private int runs;

    @BeforeEach
    void start() {
        analytics = new AnalyticsHarness(stateDir, START);
        analytics.put(TestRuns.job("render", Schedule.none(), TestRuns.slow(2.0)));
    }

    @AfterEach
    void stop() {
        analytics.close();
    }

    @Test
    void aRunAboveTheFactorOfTheDaysP95OpensUpdatesAndANormalRunResolves() {
        buildBaselineOfTheFirstHour();

        RunResult slow = run(2_500);
        analytics.result(slow);
        assertThat(analytics.incidents(IncidentRule.SLOW)).singleElement().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.OPENED);
            assertThat(incident.incidentId()).isEqualTo("slow:render:" + slow.runId());
            assertThat(incident.count()).isEqualTo(1);
            assertThat(incident.message())
                    .isEqualTo(
                            "run " + slow.runId()
                                    + " took 2500 ms; the limit is 2000 ms (2.0 x the p95 of 1000 ms over 20 runs of the last day)");
        });

        analytics.result(run(2_100));
        analytics.result(run(1_900));
        assertThat(analytics.incidents(IncidentRule.SLOW))
                .extracting(Incident::action, Incident::count, Incident::incidentId)
                .containsExactly(
                        tuple(IncidentAction.UPDATED, 2, "slow:render:" + slow.runId()),
                        tuple(IncidentAction.RESOLVED, 2, "slow:render:" + slow.runId()));
    }

    @Test
    void replayedAndLateResultsAreJudgedOnce() {
        buildBaselineOfTheFirstHour();
        RunResult slow = run(5_000);
        Instant longAgo = analytics.clock.instant().minus(Duration.ofMinutes(30));
        RunResult lateAndSlow = TestRuns.result(
                "render",
                "render@late",
                FireKind.SCHEDULED,
                1,
                RunStatus.FAILED,
                longAgo,
                longAgo,
                longAgo.plusMillis(4_000));
        RunResult normal = run(USUAL_MS);

        analytics.resultStampedAt(lateAndSlow, longAgo);
        analytics.result(slow);
        analytics.result(lateAndSlow);
        analytics.result(normal);
        analytics.result(slow);
        analytics.result(lateAndSlow);
        analytics.result(normal);

        assertThat(analytics.incidents(IncidentRule.SLOW))
                .extracting(Incident::action, Incident::incidentId)
                .containsExactly(
                        tuple(IncidentAction.OPENED, "slow:render:" + lateAndSlow.runId()),
                        tuple(IncidentAction.UPDATED, "slow:render:" + lateAndSlow.runId()),
                        tuple(IncidentAction.RESOLVED, "slow:render:" + lateAndSlow.runId()));
    }

    @Test
    void nothingIsJudgedBeforeAClosedHourHoldsEnoughRunsOrForAJobWithoutTheRule() {
        analytics.put(TestRuns.job("quiet", Schedule.none()));
        for (int i = 0; i < 30; i++) {
            analytics.result(run(USUAL_MS));
            analytics.result(TestRuns.result(
                    "quiet",
                    "quiet@" + i,
                    FireKind.SCHEDULED,
                    1,
                    RunStatus.SUCCEEDED,
                    START,
                    START,
                    START.plusMillis(USUAL_MS)));
        }
        analytics.result(run(60_000));
        analytics.advanceTo(START.plus(Duration.ofMinutes(61)), Duration.ofMinutes(1));
        analytics.result(TestRuns.result(
                "quiet",
                "quiet@slow",
                FireKind.SCHEDULED,
                1,
                RunStatus.SUCCEEDED,
                START,
                START,
                START.plusSeconds(600)));

        assertThat(analytics.incidents(IncidentRule.SLOW)).isEmpty();
    }

    /** 20 runs of {@link #USUAL_MS} in the first hour, whose close (on a quiet partition) makes the baseline. */
    private void buildBaselineOfTheFirstHour() {
        for (int i = 0; i < 20; i++) {
            analytics.result(run(USUAL_MS));
        }
        analytics.advanceTo(START.plus(Duration.ofMinutes(61)), Duration.ofMinutes(1));
        assertThat(analytics.incidents(IncidentRule.SLOW)).isEmpty();
    }

    private RunResult run(long durationMs) {
        runs++;
        Instant end = analytics.clock.instant();
        Instant begin = end.minusMillis(durationMs);
        return TestRuns.result(
                "render", "render@" + runs, FireKind.SCHEDULED, 1, RunStatus.SUCCEEDED, begin, begin, end);
    }
}
