package io.carillon.planner;

import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import java.time.Instant;

/** Job definitions and requests for the planner tests. */
final class TestJobs {

    private TestJobs() {}

    static JobDefinition job(String id, Schedule schedule) {
        return JobDefinition.builder(id)
                .app("demo")
                .handler("echo")
                .schedule(schedule)
                .params("{\"job\":true}")
                .build();
    }

    static JobDefinition everySecond(String id) {
        return job(id, Schedule.fixedRate(1000));
    }

    static JobRequest request(String requestId, String jobId, RequestType type, Instant at, String params) {
        return new JobRequest(
                JobRequest.SCHEMA_VERSION, requestId, jobId, type, at, null, null, params, null, "test", null);
    }

    /** A terminal (or STARTED) result of shard 0 of 1 of {@code fireId}, attempt {@code attempt}. */
    static RunResult result(String jobId, String fireId, RunStatus status, int attempt, Instant finishedAt) {
        return shardResult(jobId, fireId, status, attempt, 0, 1, finishedAt);
    }

    static RunResult shardResult(
            String jobId,
            String fireId,
            RunStatus status,
            int attempt,
            int shardIndex,
            int shardTotal,
            Instant finishedAt) {
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(fireId, shardIndex),
                fireId,
                jobId,
                "demo",
                "echo",
                "worker-1",
                status,
                attempt > 1 ? FireKind.RETRY : FireKind.SCHEDULED,
                attempt,
                shardIndex,
                shardTotal,
                null,
                null,
                finishedAt,
                "test",
                null,
                null,
                finishedAt);
    }
}
