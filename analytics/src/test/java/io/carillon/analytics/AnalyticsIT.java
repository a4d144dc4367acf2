package io.carillon.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.SettableClock;
import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.RunResult;
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
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The analytics app on the real broker: a failed run (read twice) opens one incident on {@code alerts}, and its
 * minute is written to {@code stats} for the job and then for its app once the clock (set by hand; the punctuators
 * run on real time and read it) has passed the minute and its grace. A restarted app, on an empty state folder,
 * restores its monitors from the changelog: a replayed failure opens nothing, a success resolves.
 */
class AnalyticsIT {

    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Instant MINUTE = Instant.parse("2026-11-25T10:00:00Z");
    private static final Duration GRACE = Duration.ofSeconds(1);
    /** The test runs no worker: only the failed rule speaks. */
    private static final Alerting WITHOUT_WORKER_RULE =
            new Alerting(null, null, null, null, null, false, null, null, null, null, null, null, null, null, null);

    private static final Duration APP_DELAY = Duration.ofSeconds(5);
    /** How far the clock moves per poll while waiting for the app's minute: time passing, ten times faster. */
    private static final Duration CLOCK_STEP = Duration.ofMillis(100);

    @TempDir
    Path stateDir;

    @Test
    void aFailedRunOpensOneIncidentAndItsMinuteIsWrittenToStats() throws Exception {
        TopicCatalog catalog = TestKafka.newCatalog(2);
        SettableClock clock = new SettableClock(MINUTE.plusSeconds(10));
        try (Analytics analytics = analytics(catalog, clock, stateDir);
                KafkaProducer<String, String> producer = producer();
                TopicReader<Incident> alerts = new TopicReader<>(catalog.alerts(), EventSerdes.INCIDENT);
                TopicReader<RunStats> stats = new TopicReader<>(catalog.stats(), EventSerdes.STATS)) {
            analytics.start();
            producer.send(new ProducerRecord<>(
                            catalog.jobs(),
                            "invoice",
                            EventSerdes.JOB.toJson(TestRuns.job("invoice", Schedule.none(), WITHOUT_WORKER_RULE))))
                    .get();
            RunResult failed = TestRuns.result(
                    "invoice",
                    "invoice@1",
                    FireKind.MANUAL,
                    1,
                    RunStatus.FAILED,
                    MINUTE,
                    MINUTE.plusSeconds(1),
                    MINUTE.plusSeconds(3));
            producer.send(new ProducerRecord<>(catalog.results(), "invoice", EventSerdes.RESULT.toJson(failed)))
                    .get();
            producer.send(new ProducerRecord<>(catalog.results(), "invoice", EventSerdes.RESULT.toJson(failed)))
                    .get();

            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(alerts.values()).isNotEmpty());
            clock.set(MINUTE.plusSeconds(60).plus(GRACE).plusMillis(1));
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(stats.values())
                            .extracting(RunStats::scope)
                            .containsExactly(StatsScope.JOB));
            await().atMost(DEADLINE).pollInterval(CLOCK_STEP).untilAsserted(() -> {
                clock.advance(CLOCK_STEP);
                assertThat(stats.values()).extracting(RunStats::scope).contains(StatsScope.APP);
            });

            List<Incident> incidents = alerts.values();
            assertThat(incidents).singleElement().satisfies(incident -> {
                assertThat(incident.action()).isEqualTo(IncidentAction.OPENED);
                assertThat(incident.incidentId()).isEqualTo("failed:invoice:invoice@1");
            });
            assertThat(stats.values()).allSatisfy(minute -> {
                assertThat(minute.window()).isEqualTo(StatsWindow.MINUTE);
                assertThat(minute.windowStart()).isEqualTo(MINUTE);
                assertThat(minute.runs()).isEqualTo(2);
                assertThat(minute.byStatus()).isEqualTo(Map.of(RunStatus.FAILED, 2L));
                assertThat(minute.durationMs().max()).isEqualTo(2_000);
            });
        }
    }

    @Test
    void aRestartedAppRestoresItsMonitorsFromTheChangelogAndAReplayOpensNoSecondIncident() throws Exception {
        TopicCatalog catalog = TestKafka.newCatalog(1);
        SettableClock clock = new SettableClock(MINUTE.plusSeconds(10));
        RunResult failed = TestRuns.result(
                "invoice",
                "invoice@1",
                FireKind.MANUAL,
                1,
                RunStatus.FAILED,
                MINUTE,
                MINUTE.plusSeconds(1),
                MINUTE.plusSeconds(3));
        RunResult succeeded = TestRuns.result(
                "invoice",
                "invoice@2",
                FireKind.MANUAL,
                1,
                RunStatus.SUCCEEDED,
                MINUTE,
                MINUTE.plusSeconds(4),
                MINUTE.plusSeconds(5));
        try (KafkaProducer<String, String> producer = producer();
                TopicReader<Incident> alerts = new TopicReader<>(catalog.alerts(), EventSerdes.INCIDENT)) {
            try (Analytics first = analytics(catalog, clock, stateDir.resolve("first"))) {
                first.start();
                producer.send(new ProducerRecord<>(
                                catalog.jobs(),
                                "invoice",
                                EventSerdes.JOB.toJson(TestRuns.job("invoice", Schedule.none(), WITHOUT_WORKER_RULE))))
                        .get();
                producer.send(new ProducerRecord<>(catalog.results(), "invoice", EventSerdes.RESULT.toJson(failed)))
                        .get();
                await().atMost(DEADLINE)
                        .untilAsserted(() -> assertThat(alerts.values()).hasSize(1));
            }

            try (Analytics second = analytics(catalog, clock, stateDir.resolve("second"))) {
                second.start();
                producer.send(new ProducerRecord<>(catalog.results(), "invoice", EventSerdes.RESULT.toJson(failed)))
                        .get();
                producer.send(new ProducerRecord<>(catalog.results(), "invoice", EventSerdes.RESULT.toJson(succeeded)))
                        .get();
                await().atMost(DEADLINE)
                        .untilAsserted(() -> assertThat(alerts.values()).hasSize(2));
            }

            assertThat(alerts.values())
                    .extracting(Incident::action)
                    .containsExactly(IncidentAction.OPENED, IncidentAction.RESOLVED);
            assertThat(alerts.values()).extracting(Incident::incidentId).containsOnly("failed:invoice:invoice@1");
        }
    }

    @Test
    void globalDefaultsFromTheAlertRulesTopicReachARestartedAppAndARunningRunOpensOneOverrunWarning() throws Exception {
        TopicCatalog catalog = TestKafka.newCatalog(1);
        SettableClock clock = new SettableClock(MINUTE);
        RunResult started = TestRuns.started("export", MINUTE, MINUTE);
        RunResult ended = TestRuns.ended("export", MINUTE, RunStatus.SUCCEEDED, MINUTE, MINUTE.plusSeconds(90));
        try (KafkaProducer<String, String> producer = producer();
                TopicReader<Incident> alerts = new TopicReader<>(catalog.alerts(), EventSerdes.INCIDENT)) {
            producer.send(new ProducerRecord<>(
                            catalog.alertRules(),
                            TopicCatalog.GLOBAL_ALERT_RULES,
                            EventSerdes.ALERT_RULES.toJson(TestRuns.overrun(60_000))))
                    .get();
            try (Analytics first = analytics(catalog, clock, stateDir.resolve("first"))) {
                first.start();
                producer.send(new ProducerRecord<>(
                                catalog.jobs(),
                                "export",
                                EventSerdes.JOB.toJson(TestRuns.job("export", Schedule.none(), WITHOUT_WORKER_RULE))))
                        .get();
                producer.send(new ProducerRecord<>(catalog.results(), "export", EventSerdes.RESULT.toJson(started)))
                        .get();
                clock.advance(Duration.ofSeconds(61));
                await().atMost(DEADLINE)
                        .untilAsserted(() -> assertThat(alerts.values()).hasSize(1));
            }

            try (Analytics second = analytics(catalog, clock, stateDir.resolve("second"))) {
                second.start();
                producer.send(new ProducerRecord<>(catalog.results(), "export", EventSerdes.RESULT.toJson(started)))
                        .get();
                clock.advance(Duration.ofSeconds(29));
                producer.send(new ProducerRecord<>(catalog.results(), "export", EventSerdes.RESULT.toJson(ended)))
                        .get();
                await().atMost(DEADLINE)
                        .untilAsserted(() -> assertThat(alerts.values()).hasSize(2));
            }

            assertThat(alerts.values())
                    .extracting(Incident::action)
                    .containsExactly(IncidentAction.OPENED, IncidentAction.RESOLVED);
            assertThat(alerts.values())
                    .extracting(Incident::incidentId)
                    .containsOnly("overrun:export:" + started.runId());
        }
    }

    /** An analytics app on {@code catalog} with short windows; instances built alike share one application id. */
    private static Analytics analytics(TopicCatalog catalog, SettableClock clock, Path stateDir) {
        return Analytics.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .clock(clock)
                .applicationId("analytics-it-" + catalog.prefix())
                .stateDir(stateDir)
                .punctuateInterval(Duration.ofMillis(200))
                .windowGrace(GRACE)
                .appWindowDelay(APP_DELAY)
                .resultsFromStart(true)
                .build();
    }

    private static KafkaProducer<String, String> producer() {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        TestKafka.bootstrapServers(),
                        ProducerConfig.ACKS_CONFIG,
                        "all"),
                new StringSerializer(),
                new StringSerializer());
    }
}
