package io.carillon.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.WorkerHeartbeat;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The no-worker rule: per app, from its jobs' definitions and its workers' heartbeats. */
class NoWorkerRuleTest {

    private static final Instant START = Instant.parse("2026-11-25T10:00:00Z");
    private static final long HEARTBEAT_INTERVAL_MS = 5_000;
    private static final Duration BEAT = Duration.ofMillis(HEARTBEAT_INTERVAL_MS);
    private static final Duration GRACE = Duration.ofMillis(Alerting.DEFAULT_NO_WORKER_GRACE_MS);
    private static final Duration SKEW = Duration.ofSeconds(20);

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
    void anAppWithAJobAndNoWorkerOpensOneIncidentAfterTheGraceAndAHeartbeatResolvesIt() {
        analytics.put(TestRuns.job("invoice", Schedule.none()));
        analytics.put(TestRuns.job("report", Schedule.none()));

        analytics.advance(GRACE.minusSeconds(1));
        assertThat(analytics.incidents(IncidentRule.NO_WORKER)).isEmpty();

        analytics.advance(Duration.ofSeconds(1));
        analytics.put(
                TestRuns.job("invoice", Schedule.none()).toBuilder().version(2).build());
        analytics.advance(Duration.ofMinutes(2), Duration.ofSeconds(10));
        assertThat(analytics.incidents(IncidentRule.NO_WORKER)).singleElement().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.OPENED);
            assertThat(incident.incidentId()).isEqualTo("no-worker:" + TestRuns.APP + ":" + START.toEpochMilli());
            assertThat(incident.app()).isEqualTo(TestRuns.APP);
            assertThat(incident.jobId()).isNull();
            assertThat(incident.at()).isEqualTo(START.plus(GRACE));
            assertThat(incident.message()).contains("2 enabled job(s)");
        });

        analytics.heartbeat(heartbeat("w-1", TestRuns.APP));
        analytics.advance(Duration.ofSeconds(1));

        assertThat(analytics.incidents(IncidentRule.NO_WORKER)).singleElement().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.RESOLVED);
            assertThat(incident.incidentId()).isEqualTo("no-worker:" + TestRuns.APP + ":" + START.toEpochMilli());
        });
    }

    @Test
    void heartbeatsKeepTheAppQuietAndTheGraceCountsFromTheLastOnesExpiry() {
        analytics.put(TestRuns.job("invoice", Schedule.none()));
        for (int beat = 0; beat < 36; beat++) {
            analytics.heartbeat(heartbeat("w-1", TestRuns.APP));
            analytics.heartbeat(heartbeat("w-9", "other-app"));
            analytics.advance(BEAT, BEAT);
        }
        assertThat(analytics.incidents(IncidentRule.NO_WORKER)).isEmpty();
        Instant lastExpiry = analytics
                .clock
                .instant()
                .minus(BEAT)
                .plusMillis(WorkerHeartbeat.MISSED_BEATS_BEFORE_DEAD * HEARTBEAT_INTERVAL_MS);

        analytics.advance(Duration.ofMinutes(3));

        List<Incident> steps = analytics.incidents(IncidentRule.NO_WORKER);
        assertThat(steps).singleElement().satisfies(incident -> {
            assertThat(incident.app()).isEqualTo(TestRuns.APP);
            assertThat(incident.incidentId()).isEqualTo("no-worker:" + TestRuns.APP + ":" + lastExpiry.toEpochMilli());
            assertThat(incident.at()).isEqualTo(lastExpiry.plus(GRACE));
        });
    }

    @Test
    void aWorkerWhoseClockIsBehindKeepsTheAppQuietWhileItBeats() {
        analytics.put(TestRuns.job("invoice", Schedule.none()));

        for (int beat = 0; beat < 36; beat++) {
            analytics.heartbeat(heartbeat("w-1", TestRuns.APP, SKEW.negated()));
            analytics.advance(BEAT, BEAT);
        }

        assertThat(analytics.incidents(IncidentRule.NO_WORKER)).isEmpty();
    }

    @Test
    void aWorkerWhoseClockIsAheadIsDeadThreeIntervalsAfterItsLastHeartbeatArrived() {
        analytics.put(TestRuns.job("invoice", Schedule.none()));
        for (int beat = 0; beat < 12; beat++) {
            analytics.heartbeat(heartbeat("w-1", TestRuns.APP, SKEW));
            analytics.advance(BEAT, BEAT);
        }
        Instant lastExpiry = analytics
                .clock
                .instant()
                .minus(BEAT)
                .plusMillis(WorkerHeartbeat.MISSED_BEATS_BEFORE_DEAD * HEARTBEAT_INTERVAL_MS);

        analytics.advance(Duration.ofMinutes(3));

        assertThat(analytics.incidents(IncidentRule.NO_WORKER)).singleElement().satisfies(incident -> {
            assertThat(incident.incidentId()).isEqualTo("no-worker:" + TestRuns.APP + ":" + lastExpiry.toEpochMilli());
            assertThat(incident.at()).isEqualTo(lastExpiry.plus(GRACE));
        });
    }

    @Test
    void theShortestGraceOfTheAppsWatchingJobsApplies() {
        analytics.put(TestRuns.job("invoice", Schedule.none()));
        analytics.put(TestRuns.job(
                "report",
                Schedule.none(),
                new Alerting(
                        null, null, null, null, null, null, 20_000L, null, null, null, null, null, null, null, null)));

        analytics.advance(Duration.ofSeconds(30));

        assertThat(analytics.incidents(IncidentRule.NO_WORKER))
                .singleElement()
                .satisfies(incident -> assertThat(incident.at()).isEqualTo(START.plusSeconds(20)));
    }

    @Test
    void anAppIsNotWatchedWhenItsJobsAreDisabledOrTurnTheRuleOffAndItsLastJobGoingAwayResolves() {
        analytics.put(TestRuns.job("paused", Schedule.none()).toBuilder()
                .enabled(false)
                .build());
        analytics.put(JobDefinition.builder("elsewhere")
                .app("other-app")
                .handler("run")
                .alerting(new Alerting(
                        null, null, null, null, null, false, null, null, null, null, null, null, null, null, null))
                .build());
        analytics.put(TestRuns.job("invoice", Schedule.none()));
        analytics.advance(GRACE);
        assertThat(analytics.incidents(IncidentRule.NO_WORKER))
                .extracting(Incident::app)
                .containsExactly(TestRuns.APP);

        analytics.delete("invoice");
        analytics.advance(Duration.ofMinutes(3), Duration.ofSeconds(10));

        assertThat(analytics.incidents(IncidentRule.NO_WORKER)).singleElement().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.RESOLVED);
            assertThat(incident.message()).contains("no enabled job");
        });
    }

    @Test
    void anUnreadableHeartbeatGoesToTheDeadLetterTopic() {
        analytics.rawHeartbeat("w-1", "{ nope");
        analytics.rawHeartbeat(
                "w-2", "{\"instanceId\":\"w-2\",\"app\":\"Not An App\",\"sentAt\":\"2026-11-25T10:00:00Z\"}");

        assertThat(analytics.deadLetters()).extracting(letter -> letter.key()).containsExactly("w-1", "w-2");
    }

    private WorkerHeartbeat heartbeat(String instance, String app) {
        return heartbeat(instance, app, Duration.ZERO);
    }

    /** A heartbeat sent now by a worker whose clock is {@code skew} ahead of the analytics app's. */
    private WorkerHeartbeat heartbeat(String instance, String app, Duration skew) {
        Instant now = analytics.clock.instant().plus(skew);
        return new WorkerHeartbeat(
                WorkerHeartbeat.SCHEMA_VERSION,
                instance,
                app,
                List.of("run"),
                4,
                0,
                List.of(0),
                HEARTBEAT_INTERVAL_MS,
                START,
                now);
    }
}
