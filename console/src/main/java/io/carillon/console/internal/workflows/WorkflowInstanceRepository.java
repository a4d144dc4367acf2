package io.carillon.console.internal.workflows;

import static io.carillon.console.internal.support.SqlTimes.instant;
import static io.carillon.console.internal.support.SqlTimes.parameter;

import io.carillon.topics.JsonSerde;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.NodeState;
import io.carillon.topics.events.WorkflowEvent;
import io.carillon.topics.events.WorkflowInstanceStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The {@code workflow_instances} table: each instance's newest event. Storing an event whose {@code sequence} is not
 * newer than the row's changes nothing, so replaying {@code workflow.events} is harmless.
 */
@Repository
class WorkflowInstanceRepository {

    private static final JsonSerde<NodeState[]> NODES = JsonSerde.of(NodeState[].class);
    private static final String COLUMNS = "instance_id, workflow_id, status, kind, scheduled_at, started_at, ended_at,"
            + " sequence, nodes::text AS nodes, message, updated_at";

    private final JdbcClient jdbc;

    WorkflowInstanceRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Stores {@code event} as its instance's state unless the row holds a newer one; whether it did. */
    boolean store(WorkflowEvent event, Instant now) {
        return jdbc.sql("INSERT INTO workflow_instances (instance_id, workflow_id, status, kind, scheduled_at,"
                                + " started_at, ended_at, sequence, nodes, message, updated_at)"
                                + " VALUES (:instanceId, :workflowId, :status, :kind, :scheduledAt, :startedAt,"
                                + " :endedAt, :sequence, CAST(:nodes AS jsonb), :message, :now)"
                                + " ON CONFLICT (instance_id) DO UPDATE SET status = EXCLUDED.status,"
                                + " kind = EXCLUDED.kind, scheduled_at = EXCLUDED.scheduled_at,"
                                + " started_at = EXCLUDED.started_at, ended_at = EXCLUDED.ended_at,"
                                + " sequence = EXCLUDED.sequence, nodes = EXCLUDED.nodes,"
                                + " message = EXCLUDED.message, updated_at = EXCLUDED.updated_at"
                                + " WHERE workflow_instances.sequence < EXCLUDED.sequence")
                        .param("instanceId", event.instanceId())
                        .param("workflowId", event.workflowId())
                        .param("status", event.status().name())
                        .param(
                                "kind",
                                event.kind() == null ? null : event.kind().name())
                        .param("scheduledAt", parameter(event.scheduledAt()))
                        .param("startedAt", parameter(event.startedAt()))
                        .param("endedAt", parameter(event.endedAt()))
                        .param("sequence", event.sequence())
                        .param("nodes", NODES.toJson(event.nodes().toArray(NodeState[]::new)))
                        .param("message", event.message())
                        .param("now", parameter(now))
                        .update()
                > 0;
    }

    Optional<WorkflowInstanceView> find(String instanceId) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM workflow_instances WHERE instance_id = :id")
                .param("id", instanceId)
                .query(WorkflowInstanceRepository::view)
                .optional();
    }

    /** The newest {@code limit} instances of {@code workflowId}, newest first (queued ones by when they queued). */
    List<WorkflowInstanceView> ofWorkflow(String workflowId, int limit) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM workflow_instances WHERE workflow_id = :workflowId"
                        + " ORDER BY coalesce(started_at, scheduled_at, updated_at) DESC, instance_id DESC"
                        + " LIMIT :limit")
                .param("workflowId", workflowId)
                .param("limit", limit)
                .query(WorkflowInstanceRepository::view)
                .list();
    }

    /** The newest instance of {@code workflowId}, if it has one. */
    Optional<WorkflowInstanceView> latest(String workflowId) {
        return ofWorkflow(workflowId, 1).stream().findFirst();
    }

    private static WorkflowInstanceView view(ResultSet row, int number) throws SQLException {
        String kind = row.getString("kind");
        return new WorkflowInstanceView(
                row.getString("instance_id"),
                row.getString("workflow_id"),
                WorkflowInstanceStatus.valueOf(row.getString("status")),
                kind == null ? null : FireKind.valueOf(kind),
                instant(row, "scheduled_at"),
                instant(row, "started_at"),
                instant(row, "ended_at"),
                row.getLong("sequence"),
                Arrays.asList(NODES.parse(row.getString("nodes"))),
                row.getString("message"),
                instant(row, "updated_at"));
    }
}
