package io.carillon.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The missed rule: the instants a job should start at come from its schedule alone, so a planner outage (no fire,
 * no result at all) is noticed; the incident opens once, grows with each missed instant and resolves at the first
 * instant that starts in time.
 */
class MissedRuleTest {

    private static final Instant START = Instant.parse("2026-11-25T10:00:00Z");
    private static final Duration MINUTE = Duration.ofMinutes(1);
    private static final Duration COARSE = Duration.ofSeconds(10);
    private static final long DEFAULT_GRACE_MS = Alerting.DEFAULT_START_GRACE_MS;

    @TempDir
    Path stateDir;

    private AnalyticsHarness analytics;

    @AfterEach
    void stop() {
        analytics.close();
    }

    @Test
    void aPlannerOutageIsNoticedFromTheScheduleAloneAndResolvesWhenFiresStartAgain() {
        analytics = new AnalyticsHarness(stateDir, START);
        analytics.put(TestRuns.job("invoice", Schedule.fixedRate(MINUTE.toMillis())));
        Instant first = START.plus(MINUTE);

        analytics.advanceTo(first.plusMillis(DEFAULT_GRACE_MS).minusSeconds(1), AnalyticsHarness.INTERVAL);
        assertThat(analytics.incidents(IncidentRule.MISSED)).isEmpty();

        analytics.advance(Duration.ofSeconds(1));
        assertThat(analytics.incidents(IncidentRule.MISSED)).singleElement().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.OPENED);
            assertThat(incident.rule()).isEqualTo(IncidentRule.MISSED);
            assertThat(incident.incidentId()).isEqualTo("missed:invoice:" + first.toEpochMilli());
            assertThat(incident.fireId()).isEqualTo(FireIds.scheduled("invoice", first));
            assertThat(incident.count()).isEqualTo(1);
            assertThat(incident.app()).isEqualTo(TestRuns.APP);
            assertThat(incident.message()).contains("did not start within 60000 ms");
        });

        Instant back = START.plus(MINUTE.multipliedBy(5));
        analytics.advanceTo(back, COARSE);
        List<Incident> updates = analytics.incidents(IncidentRule.MISSED);
        assertThat(updates).extracting(Incident::action).containsOnly(IncidentAction.UPDATED);
        assertThat(updates).extracting(Incident::count).containsExactly(2, 3, 4);

        analytics.result(TestRuns.started("invoice", back, back.plusMillis(150)));
        assertThat(analytics.incidents(IncidentRule.MISSED)).singleElement().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.RESOLVED);
            assertThat(incident.incidentId()).isEqualTo("missed:invoice:" + first.toEpochMilli());
            assertThat(incident.count()).isEqualTo(4);
        });

        for (int minute = 1; minute <= 3; minute++) {
            Instant instant = back.plus(MINUTE.multipliedBy(minute));
            analytics.advanceTo(instant, COARSE);
            analytics.result(TestRuns.started("invoice", instant, instant.plusMillis(100)));
        }
        assertThat(analytics.incidents(IncidentRule.MISSED)).isEmpty();
    }

    @Test
    void aFireSkippedAsLaterThanItsMaxLateCountsAsMissed() {
        analytics = new AnalyticsHarness(stateDir, START);
        JobDefinition job = TestRuns.job("late", Schedule.fixedRate(MINUTE.toMillis())).toBuilder()
                .misfire(new MisfirePolicy(MisfireStrategy.FIRE_ONCE_NOW, 0, 0, 10_000))
                .build();
        analytics.put(job);
        Instant first = START.plus(MINUTE);
        FireEvent fire =
                FireEvent.of(job, FireIds.scheduled("late", first), first, FireKind.SCHEDULED, 1, null, null, first);

        analytics.advanceTo(first.plusSeconds(15), AnalyticsHarness.INTERVAL);
        analytics.result(RunResult.ofUnrunFire(
                fire,
                RunStatus.SKIPPED,
                "dispatched 15 s after its instant, beyond its maxLateMs 10 s; not run",
                first.plusSeconds(15)));
        analytics.advanceTo(first.plusMillis(DEFAULT_GRACE_MS), AnalyticsHarness.INTERVAL);

        assertThat(analytics.incidents(IncidentRule.MISSED)).singleElement().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.OPENED);
            assertThat(incident.fireId()).isEqualTo(FireIds.scheduled("late", first));
        });
    }

    @Test
    void startsWithinJitterAndGraceAreInTimeAndALateStartIsMissed() {
        analytics = new AnalyticsHarness(stateDir, START);
        JobDefinition job = TestRuns.job(
                        "report",
                        Schedule.fixedRate(MINUTE.toMillis()),
                        new Alerting(
                                null, null, null, null, 10_000L, null, null, null, null, null, null, null, null, null,
                                null))
                .toBuilder()
                .jitterMs(5_000)
                .build();
        analytics.put(job);
        Instant first = START.plus(MINUTE);
        Instant second = first.plus(MINUTE);

        analytics.advanceTo(first.plusSeconds(12), AnalyticsHarness.INTERVAL);
        analytics.result(TestRuns.started("report", first, first.plusSeconds(12)));
        analytics.advanceTo(second.plusSeconds(20), AnalyticsHarness.INTERVAL);
        analytics.result(TestRuns.started("report", second, second.plusSeconds(20)));

        assertThat(analytics.incidents(IncidentRule.MISSED)).singleElement().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.OPENED);
            assertThat(incident.fireId()).isEqualTo(FireIds.scheduled("report", second));
            assertThat(incident.at()).isEqualTo(second.plusSeconds(15));
        });
    }

    @Test
    void aLaterInstantSeenStartingBeforeTheExpectedOneIsJudgedIsRememberedAhead() {
        analytics = new AnalyticsHarness(stateDir, START);
        analytics.put(TestRuns.job(
                "invoice",
                Schedule.fixedRate(MINUTE.toMillis()),
                new Alerting(
                        null, null, null, null, 150_000L, null, null, null, null, null, null, null, null, null, null)));
        Instant first = START.plus(MINUTE);
        Instant second = first.plus(MINUTE);
        Instant third = second.plus(MINUTE);

        analytics.advanceTo(first, COARSE);
        analytics.result(TestRuns.started("invoice", first, first.plusMillis(10)));
        analytics.advanceTo(third.plusSeconds(10), COARSE);
        analytics.result(TestRuns.started("invoice", third, third.plusMillis(10)));
        analytics.advanceTo(second.plusSeconds(150), AnalyticsHarness.INTERVAL);

        List<Incident> steps = analytics.incidents(IncidentRule.MISSED);
        assertThat(steps).extracting(Incident::action).containsExactly(IncidentAction.OPENED, IncidentAction.RESOLVED);
        assertThat(steps)
                .extracting(Incident::fireId)
                .containsExactly(FireIds.scheduled("invoice", second), FireIds.scheduled("invoice", third));
        assertThat(steps).extracting(Incident::at).containsOnly(second.plusSeconds(150));
    }

    @Test
    void aCheckThatFindsSeveralInstantsDueStopsAtOneSeenStartingInTime() {
        analytics = new AnalyticsHarness(stateDir, START);
        Duration grace = Duration.ofSeconds(150);
        analytics.put(TestRuns.job(
                "invoice",
                Schedule.fixedRate(MINUTE.toMillis()),
                new Alerting(
                        null,
                        null,
                        null,
                        null,
                        grace.toMillis(),
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null)));
        Instant started = START.plus(MINUTE);
        Instant first = started.plus(MINUTE);
        Instant second = first.plus(MINUTE);
        Instant third = second.plus(MINUTE);

        analytics.advanceTo(started, COARSE);
        analytics.result(TestRuns.started("invoice", started, started.plusMillis(10)));
        analytics.advanceTo(second, COARSE);
        analytics.result(TestRuns.started("invoice", second, second.plusMillis(10)));
        Instant pause = third.plus(grace);
        analytics.advanceTo(pause, Duration.between(second, pause));
        analytics.advance(AnalyticsHarness.INTERVAL);

        List<Incident> steps = analytics.incidents(IncidentRule.MISSED);
        assertThat(steps)
                .extracting(Incident::action)
                .containsExactly(IncidentAction.OPENED, IncidentAction.RESOLVED, IncidentAction.OPENED);
        assertThat(steps)
                .extracting(Incident::fireId)
                .containsExactly(
                        FireIds.scheduled("invoice", first),
                        FireIds.scheduled("invoice", second),
                        FireIds.scheduled("invoice", third));
        assertThat(steps).extracting(Incident::count).containsExactly(1, 1, 1);
    }

    @Test
    void afterAStartInstantsAreJudgedOnlyOnceTheBacklogIsRead() {
        analytics = new AnalyticsHarness(stateDir, START);
        Instant longAgo = START.minus(Duration.ofHours(1));
        analytics.putStampedAt(everyTenSeconds("invoice"), longAgo);
        analytics.putStampedAt(everyTenSeconds("report"), longAgo);

        analytics.advance(Duration.ofSeconds(35));
        assertThat(analytics.incidents(IncidentRule.MISSED)).isEmpty();
        for (int instant = 10; instant <= 30; instant += 10) {
            Instant at = START.plusSeconds(instant);
            analytics.resultStampedAt(TestRuns.started("invoice", at, at.plusSeconds(1)), at.plusSeconds(1));
        }
        analytics.advance(AnalyticsHarness.INTERVAL);

        assertThat(analytics.incidents(IncidentRule.MISSED)).singleElement().satisfies(incident -> {
            assertThat(incident.jobId()).isEqualTo("report");
            assertThat(incident.fireId()).isEqualTo(FireIds.scheduled("report", START.plusSeconds(20)));
            assertThat(incident.count()).isEqualTo(2);
        });
    }

    @Test
    void aPartitionThatReceivesNothingIsJudgedAfterTheLongestWait() {
        analytics = new AnalyticsHarness(stateDir, START);
        analytics.putStampedAt(everyTenSeconds("invoice"), START.minus(Duration.ofHours(1)));

        analytics.advance(Duration.ofSeconds(59));
        assertThat(analytics.incidents(IncidentRule.MISSED)).isEmpty();

        analytics.advance(Duration.ofSeconds(1));
        assertThat(analytics.incidents(IncidentRule.MISSED)).singleElement().satisfies(incident -> {
            assertThat(incident.at()).isEqualTo(START.plusSeconds(60));
            assertThat(incident.count()).isEqualTo(5);
        });
    }

    private static JobDefinition everyTenSeconds(String id) {
        return TestRuns.job(
                id,
                Schedule.fixedRate(10_000),
                new Alerting(
                        null, null, null, null, 10_000L, null, null, null, null, null, null, null, null, null, null));
    }

    @Test
    void disablingAJobResolvesItsMissedIncidentAndStopsWatchingIt() {
        analytics = new AnalyticsHarness(stateDir, START);
        JobDefinition job = TestRuns.job("invoice", Schedule.fixedRate(MINUTE.toMillis()));
        analytics.put(job);
        analytics.advanceTo(START.plus(MINUTE).plusMillis(DEFAULT_GRACE_MS), COARSE);
        assertThat(analytics.incidents(IncidentRule.MISSED))
                .extracting(Incident::action)
                .containsExactly(IncidentAction.OPENED);

        analytics.put(job.toBuilder().enabled(false).version(2).build());
        analytics.advance(Duration.ofMinutes(10), COARSE);

        assertThat(analytics.incidents(IncidentRule.MISSED)).singleElement().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.RESOLVED);
            assertThat(incident.message()).isEqualTo("job disabled");
        });
    }

    @Test
    void aJobWhoseMissedRuleIsOffOrThatHasNoScheduleIsNotWatched() {
        analytics = new AnalyticsHarness(stateDir, START);
        analytics.put(TestRuns.job(
                "quiet",
                Schedule.fixedRate(MINUTE.toMillis()),
                new Alerting(
                        null, null, null, false, null, null, null, null, null, null, null, null, null, null, null)));
        analytics.put(TestRuns.job("manual", Schedule.none()));
        analytics.put(TestRuns.job("after-run", Schedule.fixedDelay(MINUTE.toMillis())));

        analytics.advance(Duration.ofMinutes(10), COARSE);

        assertThat(analytics.incidents(IncidentRule.MISSED)).isEmpty();
    }

    @Test
    void aOnceJobIsMissedOnce() {
        analytics = new AnalyticsHarness(stateDir, START);
        Instant at = START.plus(MINUTE);
        analytics.put(TestRuns.job("launch", Schedule.once(at)));

        analytics.advance(Duration.ofMinutes(10), COARSE);

        assertThat(analytics.incidents(IncidentRule.MISSED)).singleElement().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.OPENED);
            assertThat(incident.fireId()).isEqualTo(FireIds.scheduled("launch", at));
        });
    }

    @Test
    void springForwardInBerlinExpectsNoFireAtTheHourThatDoesNotExist() {
        Instant saturday = Instant.parse("2026-03-28T12:00:00Z");
        analytics = new AnalyticsHarness(stateDir, saturday);
        analytics.put(TestRuns.job("nightly", Schedule.cron("0 30 2 * * ?", "Europe/Berlin")));
        Instant monday = Instant.parse("2026-03-30T00:30:00Z");

        analytics.advanceTo(monday, Duration.ofMinutes(5));
        analytics.result(TestRuns.started("nightly", monday, monday.plusMillis(200)));
        analytics.advance(Duration.ofHours(2), Duration.ofMinutes(1));

        assertThat(analytics.incidents(IncidentRule.MISSED)).isEmpty();
    }

    @Test
    void fallBackInBerlinExpectsBothRunsOfTheRepeatedHour() {
        Instant evening = Instant.parse("2026-10-24T22:00:00Z");
        analytics = new AnalyticsHarness(stateDir, evening);
        analytics.put(TestRuns.job("hourly", Schedule.cron("0 30 * * * ?", "Europe/Berlin")));
        Instant cestTwoThirty = Instant.parse("2026-10-25T00:30:00Z");
        Instant cetTwoThirty = Instant.parse("2026-10-25T01:30:00Z");

        for (Instant instant = Instant.parse("2026-10-24T22:30:00Z");
                instant.isBefore(Instant.parse("2026-10-25T04:00:00Z"));
                instant = instant.plus(Duration.ofHours(1))) {
            analytics.advanceTo(instant, Duration.ofMinutes(1));
            if (!instant.equals(cetTwoThirty)) {
                analytics.result(TestRuns.started("hourly", instant, instant.plusMillis(100)));
            }
        }

        List<Incident> steps = analytics.incidents(IncidentRule.MISSED);
        assertThat(steps).extracting(Incident::action).containsExactly(IncidentAction.OPENED, IncidentAction.RESOLVED);
        assertThat(steps.get(0).fireId()).isEqualTo(FireIds.scheduled("hourly", cetTwoThirty));
        assertThat(steps.get(0).at()).isEqualTo(cetTwoThirty.plusMillis(DEFAULT_GRACE_MS));
        assertThat(steps.get(1).fireId()).isEqualTo(FireIds.scheduled("hourly", cetTwoThirty.plusSeconds(3_600)));
        assertThat(cestTwoThirty).isBefore(cetTwoThirty);
    }

    @Test
    void anEverySecondJobMissingInstantsAfterItsFirstStartOpensOneIncidentAndNoFalseOnesAfter() {
        analytics = new AnalyticsHarness(stateDir, START);
        analytics.put(
                TestRuns.job("ticker", Schedule.fixedRate(Duration.ofSeconds(1).toMillis())));
        Instant firstStarted = START.plusSeconds(1);
        Instant startedAgain = START.plusSeconds(5);
        Instant last = START.plusSeconds(200);

        analytics.advanceTo(firstStarted.plusMillis(10), AnalyticsHarness.INTERVAL);
        analytics.result(TestRuns.started("ticker", firstStarted, firstStarted.plusMillis(10)));
        everySecondStarting("ticker", startedAgain, last);

        List<Incident> steps = analytics.incidents(IncidentRule.MISSED);
        assertThat(steps)
                .as("each instant never fired is judged at its own due time, then resolved")
                .extracting(Incident::action)
                .containsExactly(
                        IncidentAction.OPENED, IncidentAction.UPDATED, IncidentAction.UPDATED, IncidentAction.RESOLVED);
        assertThat(steps).extracting(Incident::count).containsExactly(1, 2, 3, 3);
        assertThat(steps)
                .extracting(Incident::fireId)
                .containsExactly(
                        FireIds.scheduled("ticker", START.plusSeconds(2)),
                                FireIds.scheduled("ticker", START.plusSeconds(3)),
                        FireIds.scheduled("ticker", START.plusSeconds(4)), FireIds.scheduled("ticker", startedAgain));
    }

    @Test
    void theInstantsOfANewJobBeforeThePlannerTookItOnAreNotMissed() {
        analytics = new AnalyticsHarness(stateDir, START);
        analytics.put(
                TestRuns.job("ticker", Schedule.fixedRate(Duration.ofSeconds(1).toMillis())));

        everySecondStarting("ticker", START.plusSeconds(4), START.plusSeconds(200));

        assertThat(analytics.incidents(IncidentRule.MISSED)).isEmpty();
    }

    @Test
    void theInstantsOfARescheduledJobBeforeThePlannerTookTheNewScheduleOnAreNotMissed() {
        analytics = new AnalyticsHarness(stateDir, START);
        analytics.put(
                TestRuns.job("ticker", Schedule.fixedRate(Duration.ofSeconds(1).toMillis())));
        everySecondStarting("ticker", START.plusSeconds(1), START.plusSeconds(10));
        analytics.put(
                TestRuns.job("ticker", Schedule.fixedRate(Duration.ofSeconds(2).toMillis())));

        for (Instant instant = START.plusSeconds(14);
                !instant.isAfter(START.plusSeconds(200));
                instant = instant.plusSeconds(2)) {
            analytics.advanceTo(instant.plusMillis(10), AnalyticsHarness.INTERVAL);
            analytics.result(TestRuns.started("ticker", instant, instant.plusMillis(10)));
        }

        assertThat(analytics.incidents(IncidentRule.MISSED)).isEmpty();
    }

    @Test
    void aJobWhoseGraceChangesStillHasEachInstantJudged() {
        analytics = new AnalyticsHarness(stateDir, START);
        analytics.put(TestRuns.job("invoice", Schedule.fixedRate(MINUTE.toMillis())));
        Instant first = START.plus(MINUTE);
        Instant second = first.plus(MINUTE);
        Instant third = second.plus(MINUTE);
        analytics.advanceTo(first, COARSE);
        analytics.result(TestRuns.started("invoice", first, first.plusMillis(10)));
        analytics.put(TestRuns.job(
                "invoice",
                Schedule.fixedRate(MINUTE.toMillis()),
                new Alerting(
                        null, null, null, null, 90_000L, null, null, null, null, null, null, null, null, null, null)));

        analytics.advanceTo(third, COARSE);
        analytics.result(TestRuns.started("invoice", third, third.plusMillis(10)));
        analytics.advanceTo(second.plusSeconds(90), AnalyticsHarness.INTERVAL);

        assertThat(analytics.incidents(IncidentRule.MISSED))
                .extracting(Incident::fireId)
                .containsExactly(FireIds.scheduled("invoice", second), FireIds.scheduled("invoice", third));
    }

    @Test
    void aNewJobWhoseFirstStartComesAfterTheGraceIsMissedFromItsFirstInstant() {
        analytics = new AnalyticsHarness(stateDir, START);
        analytics.put(
                TestRuns.job("ticker", Schedule.fixedRate(Duration.ofSeconds(1).toMillis())));
        Instant firstStarted = START.plusSeconds(1).plusMillis(DEFAULT_GRACE_MS).plusSeconds(5);

        everySecondStarting("ticker", firstStarted, firstStarted.plusSeconds(10));

        assertThat(analytics.incidents(IncidentRule.MISSED)).first().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.OPENED);
            assertThat(incident.fireId()).isEqualTo(FireIds.scheduled("ticker", START.plusSeconds(1)));
            assertThat(incident.at()).isEqualTo(START.plusSeconds(1).plusMillis(DEFAULT_GRACE_MS));
        });
    }

    /** Each second from {@code from} to {@code to}, the job's instant starts 10 ms after it. */
    private void everySecondStarting(String jobId, Instant from, Instant to) {
        for (Instant instant = from; !instant.isAfter(to); instant = instant.plusSeconds(1)) {
            analytics.advanceTo(instant.plusMillis(10), AnalyticsHarness.INTERVAL);
            analytics.result(TestRuns.started(jobId, instant, instant.plusMillis(10)));
        }
    }
}
