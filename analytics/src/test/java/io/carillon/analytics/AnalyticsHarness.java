package io.carillon.analytics;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;

import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;

import io.carillon.testkit.SettableClock;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStats;
import io.carillon.topics.events.WorkerHeartbeat;

/**
 * The analytics topology in a TopologyTestDriver with a clock moved by hand: {@link #advance(Duration)} moves the
 * clock and the driver's wall clock together, one punctuation interval at a time.
 */
final class AnalyticsHarness implements AutoCloseable {

    static final Duration INTERVAL = Duration.ofSeconds(1);
    static final Duration GRACE = Duration.ofSeconds(5);
    static final Duration APP_DELAY = Duration.ofSeconds(5);

    final TopicCatalog catalog = TopicCatalog.defaults();
    final SettableClock clock;
    private final TopologyTestDriver driver;
    private final TestInputTopic<String, String> jobs;
    private final TestInputTopic<String, String> results;
    private final TestInputTopic<String, String> workers;
    private final TestInputTopic<String, String> alertRules;
    private final TestInputTopic<String, String> calendars;
    private final TestOutputTopic<String, RunStats> stats;
    private final TestOutputTopic<String, Incident> alerts;
    private final TestOutputTopic<String, DeadLetter> dlq;

    AnalyticsHarness(Path stateDir, Instant start) {
        this(stateDir, start, Alerting.unset());
    }

    /** An analytics app whose jobs' monitor rules default to {@code alertingDefaults}. */
    AnalyticsHarness(Path stateDir, Instant start, Alerting alertingDefaults) {
        clock = new SettableClock(start);
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "analytics-test");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        AnalyticsSettings settings = new AnalyticsSettings(INTERVAL, GRACE, APP_DELAY, false, alertingDefaults);
        driver = new TopologyTestDriver(AnalyticsTopology.build(catalog, clock, settings), properties, start);
        jobs = driver.createInputTopic(catalog.jobs(), new StringSerializer(), new StringSerializer());
        results = driver.createInputTopic(catalog.results(), new StringSerializer(), new StringSerializer());
        workers = driver.createInputTopic(catalog.workers(), new StringSerializer(), new StringSerializer());
        alertRules = driver.createInputTopic(catalog.alertRules(), new StringSerializer(), new StringSerializer());
        calendars = driver.createInputTopic(catalog.calendars(), new StringSerializer(), new StringSerializer());
        stats = driver.createOutputTopic(catalog.stats(), new StringDeserializer(), EventSerdes.STATS);
        alerts = driver.createOutputTopic(catalog.alerts(), new StringDeserializer(), EventSerdes.INCIDENT);
        dlq = driver.createOutputTopic(catalog.dlq(), new StringDeserializer(), EventSerdes.DEAD_LETTER);
    }

    void put(JobDefinition job) {
        jobs.pipeInput(job.id(), EventSerdes.JOB.toJson(job), clock.instant());
    }

    /** Reads {@code job} stamped {@code timestamp}: a definition written that long ago. */
    void putStampedAt(JobDefinition job, Instant timestamp) {
        jobs.pipeInput(job.id(), EventSerdes.JOB.toJson(job), timestamp);
    }

    /** Publishes the alerting defaults of {@code key} ({@code *} or an app); null removes them. */
    void alertRules(String key, Alerting rules) {
        alertRules.pipeInput(key, rules == null ? null : EventSerdes.ALERT_RULES.toJson(rules), clock.instant());
    }

    /** Writes {@code calendar} to {@code calendars}, as the console does when it is created or changed. */
    void calendar(Calendar calendar) {
        calendars.pipeInput(calendar.id(), EventSerdes.CALENDAR.toJson(calendar), clock.instant());
    }

    void rawAlertRules(String key, String value) {
        alertRules.pipeInput(key, value, clock.instant());
    }

    void delete(String jobId) {
        jobs.pipeInput(jobId, (String) null, clock.instant());
    }

    void result(RunResult result) {
        results.pipeInput(result.jobId(), EventSerdes.RESULT.toJson(result), clock.instant());
    }

    /** Reads {@code result} stamped {@code timestamp}: one written that long ago, read from a backlog. */
    void resultStampedAt(RunResult result, Instant timestamp) {
        results.pipeInput(result.jobId(), EventSerdes.RESULT.toJson(result), timestamp);
    }

    void rawResult(String key, String value) {
        results.pipeInput(key, value, clock.instant());
    }

    /** Moves time forward by {@code duration}, punctuating every {@link #INTERVAL}. */
    void advance(Duration duration) {
        advance(duration, INTERVAL);
    }

    /** Moves time forward by {@code duration}, punctuating every {@code step}: for long waits. */
    void advance(Duration duration, Duration step) {
        for (Duration moved = Duration.ZERO; moved.compareTo(duration) < 0; moved = moved.plus(step)) {
            Duration next = step.compareTo(duration.minus(moved)) < 0 ? step : duration.minus(moved);
            clock.advance(next);
            driver.advanceWallClockTime(next);
        }
    }

    /** Moves time forward to {@code instant}, punctuating every {@code step}. */
    void advanceTo(Instant instant, Duration step) {
        advance(Duration.between(clock.instant(), instant), step);
    }

    List<RunStats> stats() {
        return stats.readValuesToList();
    }

    /** The incidents of {@code rule} written since the last call (those of other rules are read and dropped). */
    List<Incident> incidents(IncidentRule rule) {
        return alerts.readValuesToList().stream().filter(incident -> incident.rule() == rule).toList();
    }

    void heartbeat(WorkerHeartbeat heartbeat) {
        workers.pipeInput(heartbeat.instanceId(), EventSerdes.HEARTBEAT.toJson(heartbeat), clock.instant());
    }

    void rawHeartbeat(String key, String value) {
        workers.pipeInput(key, value, clock.instant());
    }

    List<DeadLetter> deadLetters() {
        return dlq.readValuesToList();
    }

    @Override
    public void close() {
        driver.close();
    }
}
