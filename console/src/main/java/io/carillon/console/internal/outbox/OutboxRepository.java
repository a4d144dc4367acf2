package io.carillon.console.internal.outbox;

import static io.carillon.console.internal.support.SqlTimes.parameter;

import java.time.Instant;
import java.util.List;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The {@code job_outbox} table. Callers run these statements inside their own transaction: job writes append in
 * the transaction of the job change, the relay reads and marks in its own. An append publishes
 * {@link OutboxAppended}, which the relay hears once the transaction commits.
 */
@Repository
public class OutboxRepository {

    /** Names the advisory lock that lets one relay at a time work on the outbox, across console instances. */
    static final String RELAY_LOCK_NAME = "carillon.console.job-outbox-relay";

    private final JdbcClient jdbc;
    private final ApplicationEventPublisher events;

    public OutboxRepository(JdbcClient jdbc, ApplicationEventPublisher events) {
        this.jdbc = jdbc;
        this.events = events;
    }

    /** Adds the change of job {@code jobId} to version {@code version}; a null payload is a delete. */
    public void append(String jobId, long version, String payloadJson, Instant createdAt) {
        jdbc.sql("INSERT INTO job_outbox (job_id, version, payload, created_at)"
                        + " VALUES (:jobId, :version, CAST(:payload AS jsonb), :createdAt)")
                .param("jobId", jobId)
                .param("version", version)
                .param("payload", payloadJson)
                .param("createdAt", parameter(createdAt))
                .update();
        events.publishEvent(new OutboxAppended(jobId));
    }

    /** Whether a change of {@code jobId} waits in the outbox to be published. */
    public boolean hasUnpublished(String jobId) {
        return jdbc.sql("SELECT EXISTS (SELECT 1 FROM job_outbox WHERE job_id = :jobId AND published_at IS NULL)")
                .param("jobId", jobId)
                .query(Boolean.class)
                .single();
    }

    /** Takes the relay lock for the rest of the current transaction; false when another relay holds it. */
    boolean tryLockRelay() {
        return jdbc.sql("SELECT pg_try_advisory_xact_lock(hashtext(:name))")
                .param("name", RELAY_LOCK_NAME)
                .query(Boolean.class)
                .single();
    }

    /** The oldest unpublished rows, at most {@code limit}, in seq order. */
    List<OutboxRow> unpublished(int limit) {
        return jdbc.sql("SELECT seq, job_id, version, payload::text AS payload FROM job_outbox"
                        + " WHERE published_at IS NULL ORDER BY seq LIMIT :limit")
                .param("limit", limit)
                .query((row, rowNumber) -> new OutboxRow(
                        row.getLong("seq"), row.getString("job_id"), row.getLong("version"), row.getString("payload")))
                .list();
    }

    void markPublished(List<Long> seqs, Instant publishedAt) {
        jdbc.sql("UPDATE job_outbox SET published_at = :publishedAt WHERE seq IN (:seqs)")
                .param("publishedAt", parameter(publishedAt))
                .param("seqs", seqs)
                .update();
    }

    /** A change of job {@code jobId} was appended to the outbox in the current transaction. */
    public record OutboxAppended(String jobId) {}

    /** One outbox row; {@code payload} is the job definition JSON, or null for a delete. */
    record OutboxRow(long seq, String jobId, long version, String payload) {}
}
