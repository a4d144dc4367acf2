package io.carillon.console;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Instant;
import org.apache.kafka.clients.producer.ProducerRecord;

/** Results of runs that take a concurrency limit, as the limiter and the workers write them, for tests. */
public final class LimitResults {

    private LimitResults() {}

    /** The WAITING result of the scheduled run of job {@code jobId} at {@code scheduledAt}, queued at {@code queuedAt}. */
    public static RunResult waiting(String jobId, String app, Instant scheduledAt, String limit, Instant queuedAt) {
        return result(
                jobId,
                app,
                scheduledAt,
                limit,
                RunStatus.WAITING,
                null,
                null,
                "waiting for concurrency limit '" + limit + "'",
                queuedAt);
    }

    /** The STARTED result of that run on {@code instance}, started at {@code startedAt}. */
    public static RunResult started(
            String jobId, String app, Instant scheduledAt, String limit, String instance, Instant startedAt) {
        return result(jobId, app, scheduledAt, limit, RunStatus.STARTED, instance, startedAt, null, startedAt);
    }

    /** The SUCCEEDED result of that run on {@code instance}, finished at {@code finishedAt}. */
    public static RunResult succeeded(
            String jobId, String app, Instant scheduledAt, String limit, String instance, Instant finishedAt) {
        return result(jobId, app, scheduledAt, limit, RunStatus.SUCCEEDED, instance, null, "done", finishedAt);
    }

    /** {@code result} as a record of topic {@code topic}, keyed by its job as workers key it. */
    public static ProducerRecord<String, byte[]> record(String topic, RunResult result) {
        return new ProducerRecord<>(topic, result.jobId(), EventSerdes.RESULT.serialize(topic, result));
    }

    /** The run id of the scheduled run of job {@code jobId} at {@code scheduledAt}. */
    public static String runId(String jobId, Instant scheduledAt) {
        return FireIds.runId(FireIds.scheduled(jobId, scheduledAt), 0);
    }

    private static RunResult result(
            String jobId,
            String app,
            Instant scheduledAt,
            String limit,
            RunStatus status,
            String instance,
            Instant startedAt,
            String message,
            Instant emittedAt) {
        String fireId = FireIds.scheduled(jobId, scheduledAt);
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(fireId, 0),
                fireId,
                jobId,
                app,
                "import",
                instance,
                status,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                scheduledAt,
                startedAt,
                status.isTerminal() ? emittedAt : null,
                message,
                null,
                null,
                emittedAt,
                null,
                null,
                null,
                null,
                limit);
    }
}
