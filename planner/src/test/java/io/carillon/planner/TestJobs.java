package io.carillon.planner;

import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

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

    /** {@code instance}'s claim (a STARTED without {@code startedAt}) on the run of shard 0 of 1 of {@code fireId}. */
    static RunResult claim(String jobId, String fireId, String instance, Instant at) {
        return startOf(jobId, fireId, instance, at, null, "claimed");
    }

    /** The STARTED {@code instance} reports when the handler of the run of shard 0 of 1 of {@code fireId} starts. */
    static RunResult started(String jobId, String fireId, String instance, Instant at) {
        return startOf(jobId, fireId, instance, at, at, null);
    }

    private static RunResult startOf(
            String jobId, String fireId, String instance, Instant at, Instant startedAt, String message) {
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(fireId, 0),
                fireId,
                jobId,
                "demo",
                "echo",
                instance,
                RunStatus.STARTED,
                FireKind.MANUAL,
                1,
                0,
                1,
                at,
                startedAt,
                null,
                message,
                null,
                null,
                at);
    }

    /** A heartbeat of {@code instance} of app {@code demo}, started at {@code startedAt}, sent at {@code sentAt}. */
    static WorkerHeartbeat heartbeat(String instance, Instant startedAt, Instant sentAt, Duration interval) {
        return new WorkerHeartbeat(
                WorkerHeartbeat.SCHEMA_VERSION,
                instance,
                "demo",
                List.of("echo"),
                4,
                1,
                List.of(),
                interval.toMillis(),
                startedAt,
                sentAt);
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
