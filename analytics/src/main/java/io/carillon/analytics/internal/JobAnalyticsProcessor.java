package io.carillon.analytics.internal;

import io.carillon.analytics.AnalyticsSettings;
import io.carillon.streams.AlignedPunctuation;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.FieldError;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.JobValidator;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStats;
import io.carillon.topics.events.StatsScope;
import io.carillon.topics.events.StatsWindow;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The per-job part of the analytics app, over {@code jobs} and {@code results} (co-partitioned by job id): it keeps
 * each job's definition, counts terminal results in the job's minute and hour windows ({@link StatsWindows}), and runs
 * the job's monitor rules ({@link JobRules}) under its effective rules ({@link AlertRules}); it tells the job's app
 * whether the job watches it for live workers ({@link AppMessage.Job}). A wall-clock punctuator closes due windows
 * (each closed job minute also goes to its app, {@link AppMessage.Minute}, each closed hour to the slow rule), checks
 * running runs and failure-rate windows, applies changed alerting defaults to the task's jobs, and judges due scheduled
 * instants, once the task has caught up with its input after a start ({@link #CAUGHT_UP_LAG},
 * {@link #MAX_CATCH_UP_WAIT}). Unreadable results go to {@code dlq}; an invalid job definition is dead-lettered by the
 * planner already, so here it only stops the job's monitors. One instance per stream task, on its stream thread.
 */
public final class JobAnalyticsProcessor implements Processor<String, byte[], String, Emitted> {

    /**
     * A task has caught up with its input once the newest record it has read was written at most this long before
     * now; until then (after a start, with a backlog of results) it does not judge scheduled instants, whose starts
     * may be in the backlog.
     */
    static final Duration CAUGHT_UP_LAG = Duration.ofSeconds(5);
    /**
     * How long after a task starts it judges scheduled instants even if it has not caught up: a partition that
     * receives nothing (the planner is down, or its jobs fire rarely) never looks caught up.
     */
    static final Duration MAX_CATCH_UP_WAIT = Duration.ofSeconds(60);

    private final TopicCatalog catalog;
    private final Clock clock;
    private final AnalyticsSettings settings;
    private ProcessorContext<String, Emitted> context;
    private Output output;
    private KeyValueStore<String, byte[]> jobs;
    private StatsWindows windows;
    private JobRules monitors;
    private RuleDefaults defaults;
    private Map<String, Alerting> defaultsApplied;
    private Instant judgeFrom;
    private long newestInputMs;
    private boolean caughtUp;

    public JobAnalyticsProcessor(TopicCatalog catalog, Clock clock, AnalyticsSettings settings) {
        this.catalog = catalog;
        this.clock = clock;
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, Emitted> context) {
        this.context = context;
        output = new Output(context, clock);
        jobs = context.getStateStore(AnalyticsStores.JOBS);
        windows = new StatsWindows(
                context.getStateStore(AnalyticsStores.JOB_MINUTES),
                context.getStateStore(AnalyticsStores.JOB_HOURS),
                settings.windowGrace());
        monitors = new JobRules(context, output::incident);
        defaults = new RuleDefaults(context.getStateStore(AnalyticsStores.ALERT_RULES), settings.alertingDefaults());
        defaultsApplied = null;
        judgeFrom = clock.instant().plus(MAX_CATCH_UP_WAIT);
        newestInputMs = Long.MIN_VALUE;
        caughtUp = false;
        AlignedPunctuation.schedule(context, clock.instant(), settings.punctuateInterval(), timestamp -> punctuate());
    }

    @Override
    public void process(Record<String, byte[]> record) {
        String topic = context.recordMetadata().map(RecordMetadata::topic).orElse(null);
        newestInputMs = Math.max(newestInputMs, record.timestamp());
        if (record.key() == null) {
            output.deadLetter(null, record.value(), "record without a key (the job id)");
        } else if (catalog.jobs().equals(topic)) {
            onJob(record.key(), record.value());
        } else if (catalog.results().equals(topic)) {
            onResult(record.key(), record.value());
        }
    }

    private void onJob(String jobId, byte[] value) {
        Instant now = clock.instant();
        JobDefinition previous = job(jobId);
        JobDefinition job = parseJob(jobId, value);
        followWatch(jobId, previous, job);
        if (job == null) {
            String app = previous == null ? null : previous.app();
            String why = value == null ? "job deleted" : "job definition not valid";
            monitors.stop(jobId, app, why, now);
            jobs.delete(jobId);
            return;
        }
        jobs.put(jobId, value);
        monitors.onJob(job, rules(job), now);
    }

    /** Tells the job's app (and its former app) whether the job watches it for live workers. */
    private void followWatch(String jobId, JobDefinition previous, JobDefinition job) {
        if (previous != null && (!watches(job) || !previous.app().equals(job.app()))) {
            output.toApp(previous.app(), new AppMessage.Job(jobId, false, 0).encode());
        }
        if (watches(job)) {
            output.toApp(job.app(), new AppMessage.Job(jobId, true, rules(job).noWorkerGraceMs()).encode());
        }
    }

    private boolean watches(JobDefinition job) {
        return job != null && job.enabled() && rules(job).noWorker();
    }

    private AlertRules rules(JobDefinition job) {
        return AlertRules.of(job, defaults);
    }

    private void onResult(String jobId, byte[] value) {
        RunResult result;
        try {
            result = value == null ? null : EventSerdes.RESULT.deserialize(null, value);
        } catch (InvalidEventException e) {
            output.deadLetter(jobId, value, e.getMessage());
            return;
        }
        if (result == null || result.status() == null || !jobId.equals(result.jobId())) {
            output.deadLetter(jobId, value, "not a usable run result: status is required and jobId must be the key");
            return;
        }
        Instant now = clock.instant();
        Instant countedAt = countedAt(result, now);
        if (result.status().isTerminal()) {
            windows.add(jobId, countedAt, RunAggregate.of(result), now);
        }
        JobDefinition job = job(jobId);
        monitors.onResult(result, job, rules(job), countedAt, now);
    }

    private void punctuate() {
        Instant now = clock.instant();
        windows.closeDue(now, this::closed);
        caughtUp = caughtUp || newestInputMs >= now.minus(CAUGHT_UP_LAG).toEpochMilli();
        applyChangedDefaults(now);
        monitors.check(now, this::rulesOf, caughtUp || !now.isBefore(judgeFrom));
    }

    /**
     * When the alerting defaults differ from those last applied (or none were applied since the task started),
     * applies them to every job of the task: a rule a job takes from its app's or the global defaults follows their
     * change without the job being written again.
     */
    private void applyChangedDefaults(Instant now) {
        Map<String, Alerting> current = defaults.snapshot();
        if (current.equals(defaultsApplied)) {
            return;
        }
        defaultsApplied = current;
        List<KeyValue<String, byte[]>> all = new ArrayList<>();
        try (KeyValueIterator<String, byte[]> entries = jobs.all()) {
            entries.forEachRemaining(all::add);
        }
        for (KeyValue<String, byte[]> entry : all) {
            JobDefinition job = EventSerdes.JOB.deserialize(null, entry.value);
            followWatch(entry.key, job, job);
            monitors.onJob(job, rules(job), now);
        }
    }

    private AlertRules rulesOf(String jobId) {
        JobDefinition job = job(jobId);
        return job == null ? null : rules(job);
    }

    private void closed(String jobId, StatsWindow window, Instant start, RunAggregate aggregate) {
        Instant now = clock.instant();
        RunStats stats = aggregate.toStats(StatsScope.JOB, jobId, window, start, now);
        output.stats(stats);
        if (window == StatsWindow.MINUTE && aggregate.app != null) {
            output.toApp(aggregate.app, new AppMessage.Minute(start, aggregate).encode());
        }
        if (window == StatsWindow.HOUR) {
            monitors.onHourClosed(jobId, start, aggregate, rules(job(jobId)), now);
        }
    }

    private JobDefinition job(String jobId) {
        byte[] value = jobs.get(jobId);
        return value == null ? null : EventSerdes.JOB.deserialize(null, value);
    }

    /** The valid definition of job {@code jobId} in {@code value}; null for a tombstone or anything else. */
    private static JobDefinition parseJob(String jobId, byte[] value) {
        if (value == null) {
            return null;
        }
        try {
            JobDefinition job = EventSerdes.JOB.deserialize(null, value);
            List<FieldError> errors = JobValidator.validate(job);
            return errors.isEmpty() && jobId.equals(job.id()) ? job : null;
        } catch (InvalidEventException e) {
            return null;
        }
    }

    private static Instant countedAt(RunResult result, Instant now) {
        if (result.finishedAt() != null) {
            return result.finishedAt();
        }
        return result.emittedAt() != null ? result.emittedAt() : now;
    }
}
