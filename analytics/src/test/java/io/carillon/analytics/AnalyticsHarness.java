package io.carillon.analytics;

import io.carillon.testkit.DrivenTopology;
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
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEvent;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

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
    private final DrivenTopology driver;

    AnalyticsHarness(Path stateDir, Instant start) {
        this(stateDir, start, Alerting.unset());
    }

    /** An analytics app whose jobs' monitor rules default to {@code alertingDefaults}. */
    AnalyticsHarness(Path stateDir, Instant start, Alerting alertingDefaults) {
        clock = new SettableClock(start);
        AnalyticsSettings settings = new AnalyticsSettings(INTERVAL, GRACE, APP_DELAY, false, alertingDefaults);
        driver = new DrivenTopology(
                AnalyticsTopology.build(catalog, clock, settings), "analytics-test", stateDir, clock);
    }

    void put(JobDefinition job) {
        driver.pipe(catalog.jobs(), job.id(), EventSerdes.JOB.toJson(job), clock.instant());
    }

    /** Reads {@code job} stamped {@code timestamp}: a definition written that long ago. */
    void putStampedAt(JobDefinition job, Instant timestamp) {
        driver.pipe(catalog.jobs(), job.id(), EventSerdes.JOB.toJson(job), timestamp);
    }

    /** Publishes the alerting defaults of {@code key} ({@code *} or an app); null removes them. */
    void alertRules(String key, Alerting rules) {
        String value = rules == null ? null : EventSerdes.ALERT_RULES.toJson(rules);
        driver.pipe(catalog.alertRules(), key, value, clock.instant());
    }

    /** Writes {@code calendar} to {@code calendars}, as the console does when it is created or changed. */
    void calendar(Calendar calendar) {
        driver.pipe(catalog.calendars(), calendar.id(), EventSerdes.CALENDAR.toJson(calendar), clock.instant());
    }

    /** Writes {@code workflow} to {@code workflows}, as the console does when it is saved. */
    void workflow(WorkflowDefinition workflow) {
        driver.pipe(catalog.workflows(), workflow.id(), EventSerdes.WORKFLOW.toJson(workflow), clock.instant());
    }

    /** Writes {@code event} to {@code workflow.events}, as the planner's engine does. */
    void workflowEvent(WorkflowEvent event) {
        driver.pipe(
                catalog.workflowEvents(),
                event.workflowId(),
                EventSerdes.WORKFLOW_EVENT.toJson(event),
                clock.instant());
    }

    void rawWorkflowEvent(String key, String value) {
        driver.pipe(catalog.workflowEvents(), key, value, clock.instant());
    }

    void rawAlertRules(String key, String value) {
        driver.pipe(catalog.alertRules(), key, value, clock.instant());
    }

    void delete(String jobId) {
        driver.pipe(catalog.jobs(), jobId, null, clock.instant());
    }

    void result(RunResult result) {
        driver.pipe(catalog.results(), result.jobId(), EventSerdes.RESULT.toJson(result), clock.instant());
    }

    /** Reads {@code result} stamped {@code timestamp}: one written that long ago, read from a backlog. */
    void resultStampedAt(RunResult result, Instant timestamp) {
        driver.pipe(catalog.results(), result.jobId(), EventSerdes.RESULT.toJson(result), timestamp);
    }

    void rawResult(String key, String value) {
        driver.pipe(catalog.results(), key, value, clock.instant());
    }

    /** Moves time forward by {@code duration}, punctuating every {@link #INTERVAL}. */
    void advance(Duration duration) {
        advance(duration, INTERVAL);
    }

    /** Moves time forward by {@code duration}, punctuating every {@code step}: for long waits. */
    void advance(Duration duration, Duration step) {
        driver.advance(duration, step);
    }

    /** Moves time forward to {@code instant}, punctuating every {@code step}. */
    void advanceTo(Instant instant, Duration step) {
        advance(Duration.between(clock.instant(), instant), step);
    }

    List<RunStats> stats() {
        return driver.read(catalog.stats(), EventSerdes.STATS);
    }

    /** The incidents of {@code rule} written since the last call (those of other rules are read and dropped). */
    List<Incident> incidents(IncidentRule rule) {
        return driver.read(catalog.alerts(), EventSerdes.INCIDENT).stream()
                .filter(incident -> incident.rule() == rule)
                .toList();
    }

    void heartbeat(WorkerHeartbeat heartbeat) {
        driver.pipe(
                catalog.workers(), heartbeat.instanceId(), EventSerdes.HEARTBEAT.toJson(heartbeat), clock.instant());
    }

    void rawHeartbeat(String key, String value) {
        driver.pipe(catalog.workers(), key, value, clock.instant());
    }

    List<DeadLetter> deadLetters() {
        return driver.read(catalog.dlq(), EventSerdes.DEAD_LETTER);
    }

    @Override
    public void close() {
        driver.close();
    }
}
