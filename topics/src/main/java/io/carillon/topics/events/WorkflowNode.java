package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One node of a {@link WorkflowDefinition}: either a reference to an existing job ({@code jobId}; its definition
 * gives the handler, timeout, retry, routing and block strategy, and {@code params}, when set, override the job's),
 * or an inline handler ({@code app}, {@code handler} and the other fields, with {@code jobId} null), which the
 * engine publishes as the job {@link WorkflowIds#nodeJobId} with schedule NONE. Every run of a node is an ordinary
 * run of that job. {@code concurrency} (inline nodes only) is the node's share of a {@link ConcurrencyLimit}, like a
 * job's: the node's job takes it, so each run of the node holds a slot of the limit; a node that names a job takes
 * that job's limit. Immutable.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkflowNode(
        String id,
        String description,
        String jobId,
        String app,
        String handler,
        String params,
        long timeoutMs,
        RetryPolicy retry,
        RoutingStrategy routing,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> pinnedInstances,
        BlockStrategy blockStrategy,
        Concurrency concurrency) {

    public WorkflowNode {
        pinnedInstances = pinnedInstances == null ? List.of() : List.copyOf(pinnedInstances);
    }

    /** A node that takes no concurrency limit of its own. */
    public WorkflowNode(
            String id,
            String description,
            String jobId,
            String app,
            String handler,
            String params,
            long timeoutMs,
            RetryPolicy retry,
            RoutingStrategy routing,
            List<String> pinnedInstances,
            BlockStrategy blockStrategy) {
        this(
                id,
                description,
                jobId,
                app,
                handler,
                params,
                timeoutMs,
                retry,
                routing,
                pinnedInstances,
                blockStrategy,
                null);
    }

    /** A node running the existing job {@code jobId} with its own params. */
    public static WorkflowNode ofJob(String id, String jobId) {
        return new WorkflowNode(id, null, jobId, null, null, null, 0, null, null, null, null);
    }

    /** A node running {@code handler} of {@code app} with the defaults of a job (no timeout, no retry). */
    public static WorkflowNode inline(String id, String app, String handler) {
        return new WorkflowNode(id, null, null, app, handler, null, 0, null, null, null, null);
    }

    /** Whether the node carries its own handler instead of naming an existing job. */
    @JsonIgnore
    public boolean isInline() {
        return jobId == null;
    }

    /** The job whose runs are this node's runs in workflow {@code workflowId}. */
    public String jobIdIn(String workflowId) {
        return isInline() ? WorkflowIds.nodeJobId(workflowId, id) : jobId;
    }

    /** This node with {@code newParams}. */
    public WorkflowNode withParams(String newParams) {
        return new WorkflowNode(
                id,
                description,
                jobId,
                app,
                handler,
                newParams,
                timeoutMs,
                retry,
                routing,
                pinnedInstances,
                blockStrategy,
                concurrency);
    }

    /** This node with {@code policy} as its retry policy. */
    public WorkflowNode withRetry(RetryPolicy policy) {
        return new WorkflowNode(
                id,
                description,
                jobId,
                app,
                handler,
                params,
                timeoutMs,
                policy,
                routing,
                pinnedInstances,
                blockStrategy,
                concurrency);
    }

    /** This node with a timeout of {@code millis}. */
    public WorkflowNode withTimeoutMs(long millis) {
        return new WorkflowNode(
                id,
                description,
                jobId,
                app,
                handler,
                params,
                millis,
                retry,
                routing,
                pinnedInstances,
                blockStrategy,
                concurrency);
    }

    /** This node taking {@code share} of a concurrency limit (null: none). */
    public WorkflowNode withConcurrency(Concurrency share) {
        return new WorkflowNode(
                id,
                description,
                jobId,
                app,
                handler,
                params,
                timeoutMs,
                retry,
                routing,
                pinnedInstances,
                blockStrategy,
                share);
    }

    /**
     * The job definition the engine publishes for an inline node of {@code workflow}: schedule NONE, enabled, the
     * workflow's version and owner, {@code workflowId} set, the node's concurrency limit, if any.
     */
    public JobDefinition toJob(WorkflowDefinition workflow) {
        return JobDefinition.builder(jobIdIn(workflow.id()))
                .app(app)
                .handler(handler)
                .description(description)
                .owner(workflow.owner())
                .schedule(Schedule.none())
                .enabled(true)
                .params(params)
                .routing(routing)
                .pinnedInstances(pinnedInstances)
                .blockStrategy(blockStrategy)
                .timeoutMs(timeoutMs)
                .retry(retry)
                .concurrency(concurrency)
                .workflowId(workflow.id())
                .version(workflow.version())
                .build();
    }
}
