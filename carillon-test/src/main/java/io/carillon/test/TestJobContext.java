package io.carillon.test;

import io.carillon.topics.Json;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Progress;
import io.carillon.topics.events.RunResult;
import io.carillon.worker.JobContext;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import tools.jackson.core.JacksonException;

/**
 * A {@link JobContext} for calling a handler directly in a unit test, with no Kafka and no worker: set what the run
 * knows with the {@link #builder()}, call the handler, then look at what it logged ({@link #logLines()}) and reported
 * ({@link #progressReports()}) and put ({@link #output()}, for a workflow's next nodes). {@link #cancel()} makes {@link #isCancelled()} true, as a timeout or kill would.
 *
 * <pre>{@code
 * TestJobContext context = TestJobContext.builder().params("{\"day\":\"2026-01-31\"}").shard(1, 4).build();
 * handlers.sendInvoices(context);
 * assertThat(context.logLines()).contains("sent 12 invoices");
 * }</pre>
 *
 * <p>It behaves as the worker's context does: {@link #params(Class)} reads the params with Carillon's JSON mapping
 * and throws IllegalArgumentException when they do not fit, and {@link #progress} refuses negative numbers. Unlike
 * the worker, it keeps every progress report (the worker publishes at most one every 500 ms). Thread-safe: a handler
 * may log and report from any thread, and a test may cancel from another.
 */
public final class TestJobContext implements JobContext {

    /** The job id of a context built without one. */
    public static final String DEFAULT_JOB_ID = "test-job";

    private final String params;
    private final String jobId;
    private final String fireId;
    private final FireKind kind;
    private final int attempt;
    private final Instant scheduledAt;
    private final int shardIndex;
    private final int shardTotal;
    private final List<String> logLines = new CopyOnWriteArrayList<>();
    private final List<Progress> progressReports = new CopyOnWriteArrayList<>();
    private final Map<String, String> workflowOutputs;
    private volatile boolean cancelled;
    private volatile String output;

    private TestJobContext(Builder builder) {
        this.params = builder.params;
        this.jobId = builder.jobId;
        this.fireId = builder.fireId != null ? builder.fireId : FireIds.scheduled(jobId, builder.scheduledAt);
        this.kind = builder.kind;
        this.attempt = builder.attempt;
        this.scheduledAt = builder.scheduledAt;
        this.shardIndex = builder.shardIndex;
        this.shardTotal = builder.shardTotal;
        this.workflowOutputs = builder.workflowOutputs;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A context with {@code params} and every other field at its default. */
    public static TestJobContext withParams(String params) {
        return builder().params(params).build();
    }

    @Override
    public String params() {
        return params;
    }

    @Override
    public <T> T params(Class<T> type) {
        if (params == null || params.isBlank()) {
            return null;
        }
        try {
            return Json.mapper().readValue(params, type);
        } catch (JacksonException e) {
            throw new IllegalArgumentException(
                    "params of run " + runId() + " are not a valid " + type.getSimpleName() + ": "
                            + e.getOriginalMessage(),
                    e);
        }
    }

    @Override
    public String jobId() {
        return jobId;
    }

    @Override
    public String runId() {
        return FireIds.runId(fireId, shardIndex);
    }

    @Override
    public String fireId() {
        return fireId;
    }

    @Override
    public FireKind kind() {
        return kind;
    }

    @Override
    public int attempt() {
        return attempt;
    }

    @Override
    public Instant scheduledAt() {
        return scheduledAt;
    }

    @Override
    public int shardIndex() {
        return shardIndex;
    }

    @Override
    public int shardTotal() {
        return shardTotal;
    }

    /** Keeps {@code message} in {@link #logLines()}. */
    @Override
    public void log(String message) {
        logLines.add(message);
    }

    /** Keeps the report in {@link #progressReports()}. */
    @Override
    public void progress(long done, long total, String message) {
        if (done < 0 || total < 0) {
            throw new IllegalArgumentException(
                    "progress of run " + runId() + " must not be negative: done=" + done + ", total=" + total);
        }
        progressReports.add(new Progress(done, total, message));
    }

    @Override
    public boolean isCancelled() {
        return cancelled;
    }

    /** From now on {@link #isCancelled()} answers true, as after a timeout, a kill or the worker's shutdown. */
    public void cancel() {
        cancelled = true;
    }

    @Override
    public boolean inWorkflow() {
        return kind == FireKind.WORKFLOW;
    }

    @Override
    public Map<String, String> workflowOutputs() {
        return workflowOutputs;
    }

    /** Keeps {@code output} for {@link #output()}; refuses one longer than the worker allows. */
    @Override
    public void setOutput(String output) {
        if (output != null && output.length() > RunResult.MAX_OUTPUT_CHARS) {
            throw new IllegalArgumentException("output has " + output.length() + " characters; at most "
                    + RunResult.MAX_OUTPUT_CHARS + " are allowed");
        }
        this.output = output;
    }

    /** The output the handler put ({@link #setOutput}), or null. */
    public String output() {
        return output;
    }

    /** The lines the handler logged so far, in order. */
    public List<String> logLines() {
        return List.copyOf(logLines);
    }

    /** Every progress report so far, in order. */
    public List<Progress> progressReports() {
        return List.copyOf(progressReports);
    }

    /** The latest progress report, or null when there was none. */
    public Progress lastProgress() {
        List<Progress> reports = progressReports();
        return reports.isEmpty() ? null : reports.get(reports.size() - 1);
    }

    /**
     * Configures a {@link TestJobContext}. Defaults: no params, job {@value #DEFAULT_JOB_ID}, a SCHEDULED fire at
     * the epoch (fire id {@code <job>@<epoch millis>}), attempt 1, shard 0 of 1. Not thread-safe.
     */
    public static final class Builder {

        private String params;
        private String jobId = DEFAULT_JOB_ID;
        private String fireId;
        private FireKind kind = FireKind.SCHEDULED;
        private int attempt = 1;
        private Instant scheduledAt = Instant.EPOCH;
        private int shardIndex;
        private int shardTotal = 1;
        private Map<String, String> workflowOutputs = Map.of();

        private Builder() {}

        /**
         * Makes the run a workflow node's (kind WORKFLOW) whose ancestors put {@code outputs} (node id → output),
         * as {@link JobContext#workflowOutputs()} gives them.
         */
        public Builder workflowOutputs(Map<String, String> outputs) {
            this.workflowOutputs = Map.copyOf(outputs);
            this.kind = FireKind.WORKFLOW;
            return this;
        }

        public Builder params(String params) {
            this.params = params;
            return this;
        }

        /** The params as JSON, written with Carillon's JSON mapping. */
        public Builder paramsAsJson(Object params) {
            this.params = Json.mapper().writeValueAsString(params);
            return this;
        }

        public Builder jobId(String jobId) {
            this.jobId = Objects.requireNonNull(jobId, "jobId");
            return this;
        }

        /** The fire id; by default derived from the job id and {@link #scheduledAt}. */
        public Builder fireId(String fireId) {
            this.fireId = fireId;
            return this;
        }

        public Builder kind(FireKind kind) {
            this.kind = Objects.requireNonNull(kind, "kind");
            return this;
        }

        /** @throws IllegalArgumentException when {@code attempt} is below 1 */
        public Builder attempt(int attempt) {
            if (attempt < 1) {
                throw new IllegalArgumentException("attempt counts from 1, was " + attempt);
            }
            this.attempt = attempt;
            return this;
        }

        public Builder scheduledAt(Instant scheduledAt) {
            this.scheduledAt = Objects.requireNonNull(scheduledAt, "scheduledAt");
            return this;
        }

        /** @throws IllegalArgumentException unless {@code 0 <= index < total} */
        public Builder shard(int index, int total) {
            if (total < 1 || index < 0 || index >= total) {
                throw new IllegalArgumentException(
                        "shard index must be in [0, total) with total at least 1, was " + index + " of " + total);
            }
            this.shardIndex = index;
            this.shardTotal = total;
            return this;
        }

        public TestJobContext build() {
            return new TestJobContext(this);
        }
    }
}
