package io.carillon.console.internal.incidents;

import static io.carillon.console.internal.support.SqlTimes.instant;
import static io.carillon.console.internal.support.SqlTimes.parameter;

import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The {@code incidents} and {@code incident_events} tables. {@link #store} is an idempotent merge: a step already
 * stored changes nothing, and an incident only moves forward (OPEN to RESOLVED, growing count and last step time).
 * Callers run these statements in their own transaction.
 */
@Repository
class IncidentRepository {

    private static final String COLUMNS = "id, rule, app, job_id, state, opened_at, last_step_at, resolved_at, count,"
            + " fire_id, message, acked_by, acked_at";
    private static final String OPEN = "OPEN";
    private static final String RESOLVED = "RESOLVED";

    private final JdbcClient jdbc;

    IncidentRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The key of {@code step} among its incident's steps: OPENED, RESOLVED or UPDATED#count. */
    static String stepKey(Incident step) {
        return step.action() == IncidentAction.UPDATED
                ? step.action().name() + "#" + step.count()
                : step.action().name();
    }

    /**
     * Merges {@code step} into its incident and adds it to the history.
     *
     * @return whether the step is new (false when it was stored before: a replay)
     */
    boolean store(Incident step, Instant now) {
        boolean resolves = step.action() == IncidentAction.RESOLVED;
        Instant openedAt = step.openedAt() != null ? step.openedAt() : step.at();
        jdbc.sql("INSERT INTO incidents AS i (id, rule, app, job_id, state, opened_at, last_step_at, resolved_at,"
                        + " count, fire_id, message, stored_at) VALUES (:id, :rule, :app, :jobId, :state, :openedAt,"
                        + " :at, :resolvedAt, :count, :fireId, :message, :now)"
                        + " ON CONFLICT (id) DO UPDATE SET"
                        + " state = CASE WHEN i.state = 'RESOLVED' OR EXCLUDED.state = 'RESOLVED' THEN 'RESOLVED'"
                        + " ELSE 'OPEN' END,"
                        + " resolved_at = coalesce(i.resolved_at, EXCLUDED.resolved_at),"
                        + " count = greatest(i.count, EXCLUDED.count),"
                        + " fire_id = CASE WHEN EXCLUDED.last_step_at >= i.last_step_at"
                        + " THEN coalesce(EXCLUDED.fire_id, i.fire_id) ELSE i.fire_id END,"
                        + " message = CASE WHEN EXCLUDED.last_step_at >= i.last_step_at"
                        + " THEN coalesce(EXCLUDED.message, i.message) ELSE i.message END,"
                        + " last_step_at = greatest(i.last_step_at, EXCLUDED.last_step_at),"
                        + " stored_at = EXCLUDED.stored_at")
                .param("id", step.incidentId())
                .param("rule", step.rule().name())
                .param("app", step.app())
                .param("jobId", step.jobId())
                .param("state", resolves ? RESOLVED : OPEN)
                .param("openedAt", parameter(openedAt))
                .param("at", parameter(step.at()))
                .param("resolvedAt", parameter(resolves ? step.at() : null))
                .param("count", step.count())
                .param("fireId", step.fireId())
                .param("message", step.message())
                .param("now", parameter(now))
                .update();
        return jdbc.sql("INSERT INTO incident_events (incident_id, step, action, at, count, fire_id, message,"
                                + " stored_at) VALUES (:id, :step, :action, :at, :count, :fireId, :message, :now)"
                                + " ON CONFLICT (incident_id, step) DO NOTHING")
                        .param("id", step.incidentId())
                        .param("step", stepKey(step))
                        .param("action", step.action().name())
                        .param("at", parameter(step.at()))
                        .param("count", step.count())
                        .param("fireId", step.fireId())
                        .param("message", step.message())
                        .param("now", parameter(now))
                        .update()
                == 1;
    }

    Optional<IncidentView> find(String id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM incidents WHERE id = :id")
                .param("id", id)
                .query((row, number) -> view(row))
                .optional();
    }

    /** The incident {@code id}, its row locked for the rest of the transaction. */
    Optional<IncidentView> lock(String id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM incidents WHERE id = :id FOR UPDATE")
                .param("id", id)
                .query((row, number) -> view(row))
                .optional();
    }

    void acknowledge(String id, String actor, Instant at) {
        jdbc.sql("UPDATE incidents SET acked_by = :actor, acked_at = :at WHERE id = :id")
                .param("actor", actor)
                .param("at", parameter(at))
                .param("id", id)
                .update();
    }

    /** The oldest {@code limit} steps of incident {@code id}, in the order they happened. */
    List<IncidentStep> history(String id, int limit) {
        return jdbc.sql("SELECT action, at, count, fire_id, message FROM incident_events WHERE incident_id = :id"
                        + " ORDER BY at, id LIMIT :limit")
                .param("id", id)
                .param("limit", limit)
                .query((row, number) -> new IncidentStep(
                        row.getString("action"),
                        instant(row, "at"),
                        row.getInt("count"),
                        row.getString("fire_id"),
                        row.getString("message")))
                .list();
    }

    /**
     * At most {@code limit} incidents matching {@code query}, newest opened first, those of {@code apps} only
     * (null: every app), after the cursor's position when it has one.
     */
    List<IncidentView> page(IncidentQuery query, Collection<String> apps, int limit) {
        StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + " FROM incidents WHERE true");
        List<Object> params = new ArrayList<>();
        if (query.state() != null) {
            sql.append(" AND state = ?");
            params.add(query.state());
        }
        if (query.app() != null) {
            sql.append(" AND app = ?");
            params.add(query.app());
        }
        if (query.rule() != null) {
            sql.append(" AND rule = ?");
            params.add(query.rule());
        }
        if (query.jobId() != null) {
            sql.append(" AND job_id = ?");
            params.add(query.jobId());
        }
        if (apps != null) {
            sql.append(" AND app = ANY (?)");
            params.add(apps.toArray(String[]::new));
        }
        if (query.after() != null) {
            sql.append(" AND (opened_at, id) < (?, ?)");
            params.add(parameter(query.after().openedAt()));
            params.add(query.after().id());
        }
        sql.append(" ORDER BY opened_at DESC, id DESC LIMIT ?");
        params.add(limit);
        return jdbc.sql(sql.toString())
                .params(params)
                .query((row, number) -> view(row))
                .list();
    }

    private static IncidentView view(ResultSet row) throws SQLException {
        return new IncidentView(
                row.getString("id"),
                row.getString("rule"),
                row.getString("app"),
                row.getString("job_id"),
                row.getString("state"),
                instant(row, "opened_at"),
                instant(row, "last_step_at"),
                instant(row, "resolved_at"),
                row.getInt("count"),
                row.getString("fire_id"),
                row.getString("message"),
                row.getString("acked_by"),
                instant(row, "acked_at"));
    }
}
