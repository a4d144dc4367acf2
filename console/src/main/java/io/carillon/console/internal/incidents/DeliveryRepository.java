package io.carillon.console.internal.incidents;

import static io.carillon.console.internal.support.SqlTimes.instant;
import static io.carillon.console.internal.support.SqlTimes.parameter;

import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The {@code deliveries} outbox. {@link #enqueue} runs in the transaction that stores an incident step and publishes
 * {@link DeliveriesAdded}, which the sender hears once that transaction commits; the sender reads and marks in its
 * own, holding {@link #tryLockSender} so one console instance sends at a time.
 */
@Repository
class DeliveryRepository {

    /** Names the advisory lock that lets one sender at a time work on the deliveries, across console instances. */
    static final String SENDER_LOCK_NAME = "carillon.console.notification-sender";

    private static final String VIEW_COLUMNS = "id, incident_id, action, step, channel, status, attempts,"
            + " next_attempt_at, last_error, created_at, sent_at";

    private final JdbcClient jdbc;
    private final ApplicationEventPublisher events;

    DeliveryRepository(JdbcClient jdbc, ApplicationEventPublisher events) {
        this.jdbc = jdbc;
        this.events = events;
    }

    /**
     * Adds one delivery of {@code step} per channel that takes its app, due {@code now}; an update that falls within
     * a channel's silence window after an earlier notification of the incident to that channel is stored SILENCED.
     *
     * @return how many deliveries were added
     */
    int enqueue(Incident step, Instant now) {
        int added = jdbc.sql("INSERT INTO deliveries (incident_id, step, action, step_at, channel, status, attempts,"
                        + " next_attempt_at, created_at)"
                        + " SELECT :id, :step, :action, :at, m.name, m.status, 0,"
                        + " CASE WHEN m.status = 'PENDING' THEN CAST(:now AS timestamptz) END, :now"
                        + " FROM (SELECT c.name, CASE WHEN :action = 'UPDATED' AND EXISTS (SELECT 1 FROM deliveries d"
                        + " WHERE d.incident_id = :id AND d.channel = c.name AND d.status <> 'SILENCED'"
                        + " AND d.step_at > CAST(:at AS timestamptz) - c.silence_ms * interval '1 millisecond')"
                        + " THEN 'SILENCED' ELSE 'PENDING' END AS status"
                        + " FROM notification_channels c WHERE cardinality(c.apps) = 0 OR :app = ANY (c.apps)) m"
                        + " ON CONFLICT (incident_id, step, channel) DO NOTHING")
                .param("id", step.incidentId())
                .param("step", IncidentRepository.stepKey(step))
                .param("action", step.action().name())
                .param("at", parameter(step.at()))
                .param("app", step.app())
                .param("now", parameter(now))
                .update();
        if (added > 0) {
            events.publishEvent(new DeliveriesAdded(step.incidentId()));
        }
        return added;
    }

    /** Deliveries of an incident's step were added; published inside the adding transaction. */
    record DeliveriesAdded(String incidentId) {}

    /** Takes the sender lock for the rest of the current transaction; false when another sender holds it. */
    boolean tryLockSender() {
        return jdbc.sql("SELECT pg_try_advisory_xact_lock(hashtext(:name))")
                .param("name", SENDER_LOCK_NAME)
                .query(Boolean.class)
                .single();
    }

    /**
     * The pending deliveries due at {@code now}, at most {@code limit}, oldest first, leaving out those behind an
     * earlier pending delivery of the same incident to the same channel (so a resolve never overtakes its open).
     */
    List<DueDelivery> due(Instant now, int limit) {
        return jdbc.sql("SELECT d.id, d.attempts, d.action, e.at, e.count, e.fire_id, e.message,"
                        + " i.id AS incident_id, i.rule, i.app, i.job_id, i.opened_at,"
                        + " c.name, c.type, c.target, c.secret, c.apps, c.silence_ms, c.created_at, c.updated_at"
                        + " FROM deliveries d"
                        + " JOIN incidents i ON i.id = d.incident_id"
                        + " JOIN incident_events e ON e.incident_id = d.incident_id AND e.step = d.step"
                        + " JOIN notification_channels c ON c.name = d.channel"
                        + " WHERE d.status = 'PENDING' AND d.next_attempt_at <= :now"
                        + " AND NOT EXISTS (SELECT 1 FROM deliveries p WHERE p.incident_id = d.incident_id"
                        + " AND p.channel = d.channel AND p.status = 'PENDING' AND p.id < d.id)"
                        + " ORDER BY d.next_attempt_at, d.id LIMIT :limit")
                .param("now", parameter(now))
                .param("limit", limit)
                .query((row, number) -> new DueDelivery(
                        row.getLong("id"), row.getInt("attempts"), notification(row), ChannelRepository.channel(row)))
                .list();
    }

    void markSent(long id, int attempts, Instant at) {
        jdbc.sql("UPDATE deliveries SET status = 'SENT', attempts = :attempts, sent_at = :at, next_attempt_at = NULL"
                        + " WHERE id = :id")
                .param("attempts", attempts)
                .param("at", parameter(at))
                .param("id", id)
                .update();
    }

    void markRetry(long id, int attempts, Instant nextAttemptAt, String error) {
        jdbc.sql("UPDATE deliveries SET attempts = :attempts, next_attempt_at = :next, last_error = :error"
                        + " WHERE id = :id")
                .param("attempts", attempts)
                .param("next", parameter(nextAttemptAt))
                .param("error", error)
                .param("id", id)
                .update();
    }

    void markFailed(long id, int attempts, String error) {
        jdbc.sql("UPDATE deliveries SET status = 'FAILED', attempts = :attempts, next_attempt_at = NULL,"
                        + " last_error = :error WHERE id = :id")
                .param("attempts", attempts)
                .param("error", error)
                .param("id", id)
                .update();
    }

    /** The deliveries of incident {@code incidentId}, oldest first, at most {@code limit}. */
    List<DeliveryView> ofIncident(String incidentId, int limit) {
        return jdbc.sql("SELECT " + VIEW_COLUMNS + " FROM deliveries WHERE incident_id = :id ORDER BY id"
                        + " LIMIT :limit")
                .param("id", incidentId)
                .param("limit", limit)
                .query((row, number) -> view(row))
                .list();
    }

    /** The deliveries to channel {@code channel}, newest first, before id {@code beforeId} when set. */
    List<DeliveryView> ofChannel(String channel, Long beforeId, int limit) {
        return jdbc.sql("SELECT " + VIEW_COLUMNS + " FROM deliveries WHERE channel = :channel"
                        + (beforeId == null ? "" : " AND id < :before") + " ORDER BY id DESC LIMIT :limit")
                .param("channel", channel)
                .param("before", beforeId)
                .param("limit", limit)
                .query((row, number) -> view(row))
                .list();
    }

    private static Notification notification(ResultSet row) throws SQLException {
        return new Notification(
                row.getString("incident_id"),
                IncidentAction.valueOf(row.getString("action")),
                IncidentRule.valueOf(row.getString("rule")),
                row.getString("app"),
                row.getString("job_id"),
                instant(row, "opened_at"),
                instant(row, "at"),
                row.getInt("count"),
                row.getString("fire_id"),
                row.getString("message"),
                null,
                null,
                null);
    }

    private static DeliveryView view(ResultSet row) throws SQLException {
        return new DeliveryView(
                row.getLong("id"),
                row.getString("incident_id"),
                row.getString("action"),
                row.getString("step"),
                row.getString("channel"),
                row.getString("status"),
                row.getInt("attempts"),
                instant(row, "next_attempt_at"),
                row.getString("last_error"),
                instant(row, "created_at"),
                instant(row, "sent_at"));
    }

    /** A delivery to make now: its attempts so far, what to say and where. */
    record DueDelivery(long id, int attempts, Notification notification, Channel channel) {}
}
