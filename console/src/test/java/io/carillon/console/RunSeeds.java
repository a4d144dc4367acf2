package io.carillon.console;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Finished runs written straight into the console's {@code runs} table for the tests of its charts, and what the charts
 * should draw of them: the runs per bucket middle and status.
 */
public final class RunSeeds {

    /** A seeded run: its job, status, scheduled time and lateness. */
    public record Seed(String jobId, String status, Instant scheduledAt, long latenessMs) {}

    private final JdbcClient jdbc;
    private final List<Seed> seeds = new ArrayList<>();

    public RunSeeds(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Writes {@code runs} runs of job {@code jobId} (null: a job of its own each) of app {@code shop}. */
    public void seed(String jobId, String status, Instant scheduledAt, int runs, long latenessMs) {
        for (int i = 0; i < runs; i++) {
            String job = jobId == null ? "job-" + (seeds.size() + 1) : jobId;
            seeds.add(new Seed(job, status, scheduledAt, latenessMs));
            String fireId = job + "-" + seeds.size() + "@1";
            jdbc.sql("INSERT INTO runs (run_id, fire_id, job_id, app, kind, attempt, shard_index, shard_total, status,"
                            + " scheduled_at, started_at, finished_at, updated_at) VALUES (:runId, :fireId, :jobId,"
                            + " 'shop', 'SCHEDULED', 1, 0, 1, :status, :scheduledAt, :startedAt, :startedAt,"
                            + " :startedAt)")
                    .param("runId", fireId + "#0")
                    .param("fireId", fireId)
                    .param("jobId", job)
                    .param("status", status)
                    .param("scheduledAt", Timestamp.from(scheduledAt))
                    .param("startedAt", Timestamp.from(scheduledAt.plusMillis(latenessMs)))
                    .update();
        }
    }

    /**
     * The seeded runs scheduled at or after {@code since} of job {@code jobId} (null: of every job), by the middle of
     * their bucket of {@code bucketMs} and by status.
     */
    public Map<Long, Map<String, Long>> counts(long bucketMs, Instant since, String jobId) {
        return seeds.stream()
                .filter(seed -> !seed.scheduledAt().isBefore(since))
                .filter(seed -> jobId == null || seed.jobId().equals(jobId))
                .collect(Collectors.groupingBy(
                        seed -> seed.scheduledAt().toEpochMilli() / bucketMs * bucketMs + bucketMs / 2,
                        TreeMap::new,
                        Collectors.groupingBy(Seed::status, TreeMap::new, Collectors.counting())));
    }
}
