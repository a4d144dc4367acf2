package io.carillon.analytics;

import static io.carillon.analytics.AnalyticsHarness.APP_DELAY;
import static io.carillon.analytics.AnalyticsHarness.GRACE;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Percentiles;
import io.carillon.topics.events.RunStats;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.StatsScope;
import io.carillon.topics.events.StatsWindow;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Minute and hour windows per job and per app, on wall-clock time moved by hand. */
class StatsTest {

    private static final Instant MINUTE = Instant.parse("2026-11-25T10:00:00Z");
    private static final Duration ONE_MINUTE = Duration.ofMinutes(1);

    @TempDir
    Path stateDir;

    private AnalyticsHarness analytics;

    @BeforeEach
    void start() {
        analytics = new AnalyticsHarness(stateDir, MINUTE);
        analytics.put(TestRuns.job("invoice", Schedule.none()));
        analytics.put(TestRuns.job("report", Schedule.none()));
    }

    @AfterEach
    void stop() {
        analytics.close();
    }

    @Test
    void aQuietPartitionsMinuteIsWrittenOnceAfterItsGrace() {
        analytics.advance(Duration.ofSeconds(10));
        analytics.result(
                TestRuns.ended("invoice", MINUTE, RunStatus.SUCCEEDED, MINUTE.plusMillis(20), MINUTE.plusMillis(220)));
        analytics.result(
                TestRuns.ended("invoice", MINUTE, RunStatus.FAILED, MINUTE.plusMillis(40), MINUTE.plusMillis(1_040)));

        analytics.advanceTo(MINUTE.plus(ONE_MINUTE).plus(GRACE).minusSeconds(1), AnalyticsHarness.INTERVAL);
        assertThat(analytics.stats()).isEmpty();

        analytics.advance(Duration.ofSeconds(1));
        List<RunStats> written = analytics.stats();
        assertThat(written).singleElement().satisfies(stats -> {
            assertThat(stats.scope()).isEqualTo(StatsScope.JOB);
            assertThat(stats.jobId()).isEqualTo("invoice");
            assertThat(stats.app()).isEqualTo(TestRuns.APP);
            assertThat(stats.window()).isEqualTo(StatsWindow.MINUTE);
            assertThat(stats.windowStart()).isEqualTo(MINUTE);
            assertThat(stats.windowEnd()).isEqualTo(MINUTE.plus(ONE_MINUTE));
            assertThat(stats.runs()).isEqualTo(2);
            assertThat(stats.byStatus()).isEqualTo(Map.of(RunStatus.SUCCEEDED, 1L, RunStatus.FAILED, 1L));
            assertThat(stats.byKind()).isEqualTo(Map.of(FireKind.SCHEDULED, 2L));
            assertThat(stats.durationMs().max()).isEqualTo(1_000);
            assertThat(stats.latenessMs().max()).isEqualTo(40);
            assertThat(stats.lateResults()).isZero();
        });

        analytics.advance(Duration.ofMinutes(3), Duration.ofSeconds(10));
        assertThat(analytics.stats())
                .filteredOn(stats -> stats.scope() == StatsScope.JOB)
                .isEmpty();
    }

    @Test
    void percentilesComeFromTheSketchWithinOnePercent() {
        for (int i = 1; i <= 200; i++) {
            analytics.result(TestRuns.result(
                    "report",
                    "report@" + i,
                    FireKind.MANUAL,
                    1,
                    RunStatus.SUCCEEDED,
                    MINUTE,
                    MINUTE.plusMillis(i % 10),
                    MINUTE.plusMillis(i % 10 + 5 * i)));
        }

        analytics.advanceTo(MINUTE.plus(ONE_MINUTE).plus(GRACE), Duration.ofSeconds(5));

        RunStats stats = onlyJobMinute(analytics.stats());
        assertThat(stats.runs()).isEqualTo(200);
        assertThat(stats.byKind()).isEqualTo(Map.of(FireKind.MANUAL, 200L));
        Percentiles durations = stats.durationMs();
        assertThat(durations.count()).isEqualTo(200);
        assertThat(durations.p50()).isBetween(495L, 505L);
        assertThat(durations.p90()).isBetween(891L, 909L);
        assertThat(durations.p99()).isBetween(980L, 1_000L);
        assertThat(durations.max()).isEqualTo(1_000);
        assertThat(stats.latenessMs().max()).isEqualTo(9);
    }

    @Test
    void aResultForAClosedMinuteCountsInTheOpenOneAsLate() {
        Instant finished = MINUTE.plusSeconds(30);
        analytics.advanceTo(MINUTE.plus(ONE_MINUTE).plus(GRACE).plusSeconds(10), AnalyticsHarness.INTERVAL);

        analytics.result(TestRuns.ended("invoice", MINUTE, RunStatus.SUCCEEDED, MINUTE, finished));
        analytics.advanceTo(MINUTE.plus(ONE_MINUTE.multipliedBy(2)).plus(GRACE), AnalyticsHarness.INTERVAL);

        RunStats stats = onlyJobMinute(analytics.stats());
        assertThat(stats.windowStart()).isEqualTo(MINUTE.plus(ONE_MINUTE));
        assertThat(stats.runs()).isEqualTo(1);
        assertThat(stats.lateResults()).isEqualTo(1);
    }

    @Test
    void aResultWithinTheGraceStillCountsInItsOwnMinute() {
        analytics.advanceTo(MINUTE.plus(ONE_MINUTE).plusSeconds(2), AnalyticsHarness.INTERVAL);

        analytics.result(TestRuns.ended("invoice", MINUTE, RunStatus.SUCCEEDED, MINUTE, MINUTE.plusSeconds(59)));
        analytics.advance(GRACE);

        RunStats stats = onlyJobMinute(analytics.stats());
        assertThat(stats.windowStart()).isEqualTo(MINUTE);
        assertThat(stats.lateResults()).isZero();
    }

    @Test
    void anAppsMinuteMergesItsJobsAfterTheAppDelay() {
        analytics.result(TestRuns.ended("invoice", MINUTE, RunStatus.SUCCEEDED, MINUTE, MINUTE.plusMillis(100)));
        analytics.result(TestRuns.ended("report", MINUTE, RunStatus.TIMED_OUT, MINUTE, MINUTE.plusMillis(300)));
        analytics.result(TestRuns.result(
                "report",
                FireIds.retry("report@1", 2),
                FireKind.RETRY,
                2,
                RunStatus.SUCCEEDED,
                MINUTE,
                MINUTE.plusSeconds(1),
                MINUTE.plusMillis(1_200)));

        analytics.advanceTo(MINUTE.plus(ONE_MINUTE).plus(GRACE), AnalyticsHarness.INTERVAL);
        assertThat(analytics.stats())
                .extracting(RunStats::scope)
                .containsOnly(StatsScope.JOB)
                .hasSize(2);

        analytics.advance(APP_DELAY);
        List<RunStats> apps = analytics.stats();
        assertThat(apps).singleElement().satisfies(app -> {
            assertThat(app.scope()).isEqualTo(StatsScope.APP);
            assertThat(app.app()).isEqualTo(TestRuns.APP);
            assertThat(app.jobId()).isNull();
            assertThat(app.windowStart()).isEqualTo(MINUTE);
            assertThat(app.runs()).isEqualTo(3);
            assertThat(app.retries()).isEqualTo(1);
            assertThat(app.byStatus()).isEqualTo(Map.of(RunStatus.SUCCEEDED, 2L, RunStatus.TIMED_OUT, 1L));
            assertThat(app.byKind()).isEqualTo(Map.of(FireKind.SCHEDULED, 2L, FireKind.RETRY, 1L));
            assertThat(app.durationMs().count()).isEqualTo(3);
            assertThat(app.durationMs().max()).isEqualTo(300);
        });
    }

    @Test
    void anHourRollsUpItsMinutesOnceAfterItEnds() {
        Instant hour = MINUTE;
        for (int minute = 0; minute < 60; minute += 20) {
            Instant at = hour.plus(ONE_MINUTE.multipliedBy(minute));
            analytics.advanceTo(at, Duration.ofSeconds(30));
            analytics.result(TestRuns.ended("invoice", at, RunStatus.SUCCEEDED, at, at.plusMillis(minute + 1)));
        }

        analytics.advanceTo(hour.plus(StatsWindow.HOUR.length()).plus(GRACE).plus(APP_DELAY), Duration.ofSeconds(5));
        List<RunStats> written = analytics.stats();

        assertThat(written)
                .filteredOn(stats -> stats.window() == StatsWindow.MINUTE)
                .extracting(RunStats::scope)
                .containsExactlyInAnyOrder(
                        StatsScope.JOB, StatsScope.JOB, StatsScope.JOB, StatsScope.APP, StatsScope.APP, StatsScope.APP);
        List<RunStats> hours = written.stream()
                .filter(stats -> stats.window() == StatsWindow.HOUR)
                .toList();
        assertThat(hours).extracting(RunStats::scope).containsExactlyInAnyOrder(StatsScope.JOB, StatsScope.APP);
        assertThat(hours).allSatisfy(stats -> {
            assertThat(stats.windowStart()).isEqualTo(hour);
            assertThat(stats.windowEnd()).isEqualTo(hour.plus(StatsWindow.HOUR.length()));
            assertThat(stats.runs()).isEqualTo(3);
            assertThat(stats.durationMs().max()).isEqualTo(41);
        });

        analytics.advance(Duration.ofHours(1), Duration.ofMinutes(1));
        assertThat(analytics.stats()).isEmpty();
    }

    @Test
    void unreadableResultsGoToTheDeadLetterTopicAndCountNowhere() {
        analytics.rawResult("invoice", "{ not json");
        analytics.rawResult(
                "report",
                EventSerdes.RESULT.toJson(TestRuns.ended("invoice", MINUTE, RunStatus.SUCCEEDED, MINUTE, MINUTE)));

        List<DeadLetter> letters = analytics.deadLetters();
        assertThat(letters).extracting(DeadLetter::key).containsExactly("invoice", "report");
        assertThat(letters).allSatisfy(letter -> {
            assertThat(letter.sourceTopic()).isEqualTo(analytics.catalog.results());
            assertThat(letter.component()).isEqualTo("analytics");
        });
        assertThat(letters.get(0).reason()).startsWith("not a valid RunResult");
        assertThat(letters.get(1).reason()).contains("jobId must be the key");
        analytics.advanceTo(MINUTE.plus(ONE_MINUTE).plus(GRACE), AnalyticsHarness.INTERVAL);
        assertThat(analytics.stats()).isEmpty();
    }

    private static RunStats onlyJobMinute(List<RunStats> written) {
        List<RunStats> minutes = written.stream()
                .filter(stats -> stats.scope() == StatsScope.JOB && stats.window() == StatsWindow.MINUTE)
                .toList();
        assertThat(minutes).hasSize(1);
        return minutes.get(0);
    }
}
