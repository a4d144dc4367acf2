package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;

/**
 * A record on the public {@code workflow.events} topic (key: workflow id): one change of one workflow instance,
 * with the state of every node ({@code nodes}, in the definition's order), so that a reader needs no earlier event.
 * {@code sequence} counts the events of an instance from 1, so a reader can drop a replayed or older one.
 * {@code nodeId} and {@code output} (the handler's output, at most {@link RunResult#MAX_OUTPUT_CHARS}) are set on
 * NODE_CHANGED; {@code kind} says what started the instance (SCHEDULED, MISFIRE or MANUAL), {@code scheduledAt} its
 * nominal instant, {@code requestedBy} who started, cancelled, retried or skipped when a user did. Immutable.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkflowEvent(
        int schemaVersion,
        WorkflowEventType type,
        String workflowId,
        long workflowVersion,
        String instanceId,
        long sequence,
        WorkflowInstanceStatus status,
        FireKind kind,
        Instant scheduledAt,
        Instant startedAt,
        Instant endedAt,
        String nodeId,
        String output,
        List<NodeState> nodes,
        String message,
        String requestedBy,
        Instant emittedAt) {

    public static final int SCHEMA_VERSION = 1;

    public WorkflowEvent {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
    }
}
