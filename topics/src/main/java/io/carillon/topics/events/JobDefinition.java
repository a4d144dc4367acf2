package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A job as published on the compacted {@code jobs} topic (key: job id; a tombstone deletes the job).
 * {@code version} grows with every change so consumers can tell a newer definition from a replayed one.
 * {@code alerting} tunes the job's monitor rules; null means {@link Alerting#defaults()}. {@code tags} are short
 * labels for grouping jobs (at most {@link io.carillon.topics.JobValidator#MAX_TAGS}); absent in JSON means none, and
 * a job without tags is written without the field; null fields are left out of JSON by any mapper.
 * {@code pauseAfterFailures}, when set above 0, pauses the job's schedule after that many consecutive runs ended
 * FAILED, TIMED_OUT, LOST or NO_WORKER on their last attempt (the planner counts them; a SUCCEEDED run resets the
 * count, and so does a RESUME); null or 0 never pauses it.
 * {@code workflowId} names the workflow whose inline node this job is ({@link WorkflowNode#toJob}); such a job is
 * published and deleted by the workflow engine, and null for every other job.
 * {@code concurrency}, when set, names the {@link ConcurrencyLimit} every run of the job holds while it runs and what
 * becomes of a run that finds it fully held ({@link Concurrency}); null takes no limit.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JobDefinition(
        int schemaVersion,
        String id,
        String app,
        String handler,
        String description,
        String owner,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> tags,
        Schedule schedule,
        boolean enabled,
        String params,
        RoutingStrategy routing,
        List<String> pinnedInstances,
        BlockStrategy blockStrategy,
        MisfirePolicy misfire,
        long timeoutMs,
        RetryPolicy retry,
        Integer pauseAfterFailures,
        List<String> children,
        long jitterMs,
        boolean atMostOnce,
        Alerting alerting,
        long version,
        String workflowId,
        Concurrency concurrency) {

    public static final int SCHEMA_VERSION = 1;

    public JobDefinition {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
        routing = routing == null ? RoutingStrategy.ROUND_ROBIN : routing;
        tags = tags == null ? List.of() : List.copyOf(tags);
        pinnedInstances = pinnedInstances == null ? List.of() : List.copyOf(pinnedInstances);
        blockStrategy = blockStrategy == null ? BlockStrategy.SERIAL : blockStrategy;
        misfire = misfire == null ? MisfirePolicy.defaults() : misfire;
        retry = retry == null ? RetryPolicy.none() : retry;
        children = children == null ? List.of() : List.copyOf(children);
        pauseAfterFailures = pauseAfterFailures != null && pauseAfterFailures == 0 ? null : pauseAfterFailures;
    }

    /** A job that takes no concurrency limit. */
    public JobDefinition(
            int schemaVersion,
            String id,
            String app,
            String handler,
            String description,
            String owner,
            List<String> tags,
            Schedule schedule,
            boolean enabled,
            String params,
            RoutingStrategy routing,
            List<String> pinnedInstances,
            BlockStrategy blockStrategy,
            MisfirePolicy misfire,
            long timeoutMs,
            RetryPolicy retry,
            Integer pauseAfterFailures,
            List<String> children,
            long jitterMs,
            boolean atMostOnce,
            Alerting alerting,
            long version,
            String workflowId) {
        this(
                schemaVersion,
                id,
                app,
                handler,
                description,
                owner,
                tags,
                schedule,
                enabled,
                params,
                routing,
                pinnedInstances,
                blockStrategy,
                misfire,
                timeoutMs,
                retry,
                pauseAfterFailures,
                children,
                jitterMs,
                atMostOnce,
                alerting,
                version,
                workflowId,
                null);
    }

    /** A job that is no workflow's node and never pauses itself. */
    public JobDefinition(
            int schemaVersion,
            String id,
            String app,
            String handler,
            String description,
            String owner,
            List<String> tags,
            Schedule schedule,
            boolean enabled,
            String params,
            RoutingStrategy routing,
            List<String> pinnedInstances,
            BlockStrategy blockStrategy,
            MisfirePolicy misfire,
            long timeoutMs,
            RetryPolicy retry,
            List<String> children,
            long jitterMs,
            boolean atMostOnce,
            Alerting alerting,
            long version) {
        this(
                schemaVersion,
                id,
                app,
                handler,
                description,
                owner,
                tags,
                schedule,
                enabled,
                params,
                routing,
                pinnedInstances,
                blockStrategy,
                misfire,
                timeoutMs,
                retry,
                null,
                children,
                jitterMs,
                atMostOnce,
                alerting,
                version,
                null);
    }

    public static Builder builder(String id) {
        return new Builder(id);
    }

    public Builder toBuilder() {
        return new Builder(id)
                .app(app)
                .handler(handler)
                .description(description)
                .owner(owner)
                .tags(tags)
                .schedule(schedule)
                .enabled(enabled)
                .params(params)
                .routing(routing)
                .pinnedInstances(pinnedInstances)
                .blockStrategy(blockStrategy)
                .misfire(misfire)
                .timeoutMs(timeoutMs)
                .retry(retry)
                .pauseAfterFailures(pauseAfterFailures)
                .children(children)
                .jitterMs(jitterMs)
                .atMostOnce(atMostOnce)
                .alerting(alerting)
                .version(version)
                .workflowId(workflowId)
                .concurrency(concurrency);
    }

    /** Builds a definition field by field; unset fields take the defaults of the record's constructor. */
    public static final class Builder {
        private final String id;
        private String app;
        private String handler;
        private String description;
        private String owner;
        private List<String> tags;
        private Schedule schedule = Schedule.none();
        private boolean enabled = true;
        private String params;
        private RoutingStrategy routing;
        private List<String> pinnedInstances;
        private BlockStrategy blockStrategy;
        private MisfirePolicy misfire;
        private long timeoutMs;
        private RetryPolicy retry;
        private Integer pauseAfterFailures;
        private List<String> children;
        private long jitterMs;
        private boolean atMostOnce;
        private Alerting alerting;
        private long version = 1;
        private String workflowId;
        private Concurrency concurrency;

        private Builder(String id) {
            this.id = id;
        }

        public Builder app(String app) {
            this.app = app;
            return this;
        }

        public Builder handler(String handler) {
            this.handler = handler;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder owner(String owner) {
            this.owner = owner;
            return this;
        }

        public Builder tags(List<String> tags) {
            this.tags = tags;
            return this;
        }

        public Builder schedule(Schedule schedule) {
            this.schedule = schedule;
            return this;
        }

        public Builder enabled(boolean enabled) {
            this.enabled = enabled;
            return this;
        }

        public Builder params(String params) {
            this.params = params;
            return this;
        }

        public Builder routing(RoutingStrategy routing) {
            this.routing = routing;
            return this;
        }

        public Builder pinnedInstances(List<String> pinned) {
            this.pinnedInstances = pinned;
            return this;
        }

        public Builder blockStrategy(BlockStrategy strategy) {
            this.blockStrategy = strategy;
            return this;
        }

        public Builder misfire(MisfirePolicy misfire) {
            this.misfire = misfire;
            return this;
        }

        public Builder timeoutMs(long timeoutMs) {
            this.timeoutMs = timeoutMs;
            return this;
        }

        public Builder retry(RetryPolicy retry) {
            this.retry = retry;
            return this;
        }

        public Builder pauseAfterFailures(Integer pauseAfterFailures) {
            this.pauseAfterFailures = pauseAfterFailures;
            return this;
        }

        public Builder children(List<String> children) {
            this.children = children;
            return this;
        }

        public Builder jitterMs(long jitterMs) {
            this.jitterMs = jitterMs;
            return this;
        }

        public Builder atMostOnce(boolean atMostOnce) {
            this.atMostOnce = atMostOnce;
            return this;
        }

        public Builder alerting(Alerting alerting) {
            this.alerting = alerting;
            return this;
        }

        public Builder version(long version) {
            this.version = version;
            return this;
        }

        public Builder workflowId(String workflowId) {
            this.workflowId = workflowId;
            return this;
        }

        public Builder concurrency(Concurrency concurrency) {
            this.concurrency = concurrency;
            return this;
        }

        public JobDefinition build() {
            return new JobDefinition(
                    SCHEMA_VERSION,
                    id,
                    app,
                    handler,
                    description,
                    owner,
                    tags,
                    schedule,
                    enabled,
                    params,
                    routing,
                    pinnedInstances,
                    blockStrategy,
                    misfire,
                    timeoutMs,
                    retry,
                    pauseAfterFailures,
                    children,
                    jitterMs,
                    atMostOnce,
                    alerting,
                    version,
                    workflowId,
                    concurrency);
        }
    }
}
