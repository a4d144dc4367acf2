package io.carillon.console.internal.jobs;

import static io.carillon.console.internal.support.SqlTimes.parameter;

import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The {@code job_pauses} table: the jobs paused through the console, and those the planner paused after consecutive
 * failures ({@link PlannerPauses}). Writes take part in the caller's transaction.
 */
@Repository
class PauseRepository {

    private final JdbcClient jdbc;

    PauseRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Records that job {@code jobId} is paused (replacing an earlier pause); nothing when the job is gone. */
    void pause(String jobId, String reason, String by, Instant at) {
        jdbc.sql("INSERT INTO job_pauses (job_id, reason, paused_by, paused_at)"
                        + " SELECT id, :reason, :by, :at FROM jobs WHERE id = :jobId"
                        + " ON CONFLICT (job_id) DO UPDATE SET reason = EXCLUDED.reason,"
                        + " paused_by = EXCLUDED.paused_by, paused_at = EXCLUDED.paused_at")
                .param("jobId", jobId)
                .param("reason", reason)
                .param("by", by)
                .param("at", parameter(at))
                .update();
    }

    void resume(String jobId) {
        jdbc.sql("DELETE FROM job_pauses WHERE job_id = :jobId")
                .param("jobId", jobId)
                .update();
    }

    /** Removes the pause of {@code jobId} if {@code by} made it (a later pause by someone else stays). */
    void resumeIfPausedBy(String jobId, String by) {
        jdbc.sql("DELETE FROM job_pauses WHERE job_id = :jobId AND paused_by = :by")
                .param("jobId", jobId)
                .param("by", by)
                .update();
    }
}
