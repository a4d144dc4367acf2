package io.carillon.worker.internal;

import io.carillon.topics.Json;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.LogLine;
import io.carillon.topics.events.Progress;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.JobContext;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;

/**
 * The {@link JobContext} of one run. Log lines are numbered and handed to the producer under one lock, so their
 * {@code seq} order is their order on the topic. Progress reports pass a {@link ProgressThrottle}. Thread-safe.
 */
final class RunContext implements JobContext {

    /** At most one PROGRESS result per run in this interval; the latest report wins. */
    static final Duration PROGRESS_INTERVAL = Duration.ofMillis(500);

    private static final Logger log = LoggerFactory.getLogger(JobContext.class);
    private static final String INFO = "INFO";

    private final Trigger trigger;
    private final String instanceId;
    private final EventPublisher publisher;
    private final Clock clock;
    private final ProgressThrottle progress;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private volatile Instant startedAt;
    private volatile String output;
    private long seq;

    RunContext(
            Trigger trigger,
            String instanceId,
            EventPublisher publisher,
            Clock clock,
            RunReporter reporter,
            Delays delays) {
        this.trigger = trigger;
        this.instanceId = instanceId;
        this.publisher = publisher;
        this.clock = clock;
        this.progress = new ProgressThrottle(
                PROGRESS_INTERVAL, delays, report -> reporter.progress(trigger, startedAt, report));
    }

    @Override
    public String params() {
        return trigger.params();
    }

    @Override
    public <T> T params(Class<T> type) {
        String params = trigger.params();
        if (params == null || params.isBlank()) {
            return null;
        }
        try {
            return Json.mapper().readValue(params, type);
        } catch (JacksonException e) {
            throw new IllegalArgumentException(
                    "params of run " + trigger.runId() + " are not a valid " + type.getSimpleName() + ": "
                            + e.getOriginalMessage(),
                    e);
        }
    }

    @Override
    public String jobId() {
        return trigger.jobId();
    }

    @Override
    public String runId() {
        return trigger.runId();
    }

    @Override
    public String fireId() {
        return trigger.fireId();
    }

    @Override
    public FireKind kind() {
        return trigger.kind();
    }

    @Override
    public int attempt() {
        return trigger.attempt();
    }

    @Override
    public Instant scheduledAt() {
        return trigger.scheduledAt();
    }

    @Override
    public int shardIndex() {
        return trigger.shardIndex();
    }

    @Override
    public int shardTotal() {
        return trigger.shardTotal();
    }

    @Override
    public synchronized void log(String message) {
        log.info("[job {} run {}] {}", trigger.jobId(), trigger.runId(), message);
        seq++;
        publisher.log(new LogLine(
                LogLine.SCHEMA_VERSION,
                trigger.runId(),
                trigger.jobId(),
                instanceId,
                seq,
                clock.instant(),
                INFO,
                message));
    }

    @Override
    public void progress(long done, long total, String message) {
        if (done < 0 || total < 0) {
            throw new IllegalArgumentException(
                    "progress of run " + trigger.runId() + " must not be negative: done=" + done + ", total=" + total);
        }
        progress.offer(new Progress(done, total, message));
    }

    @Override
    public boolean isCancelled() {
        return cancelled.get();
    }

    @Override
    public boolean inWorkflow() {
        return trigger.workflow() != null;
    }

    @Override
    public Map<String, String> workflowOutputs() {
        return trigger.workflow() == null ? Map.of() : trigger.workflow().context();
    }

    @Override
    public void setOutput(String output) {
        if (output != null && output.length() > RunResult.MAX_OUTPUT_CHARS) {
            throw new IllegalArgumentException("output of run " + trigger.runId() + " has " + output.length()
                    + " characters; at most " + RunResult.MAX_OUTPUT_CHARS + " are allowed");
        }
        this.output = output;
    }

    /** The output the handler put, or null. */
    String output() {
        return output;
    }

    void cancel() {
        cancelled.set(true);
    }

    void started(Instant at) {
        startedAt = at;
    }

    /** Sends the progress report still held back; later reports are ignored. Called before the terminal status. */
    void endProgress() {
        progress.close();
    }
}
