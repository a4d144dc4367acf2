package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * A record on the internal {@code limit.commands} topic (key: limit name, so one limiter task owns each limit). An
 * ACQUIRE carries the whole {@code fire}, which the limiter writes back to {@code fires} once granted; a RELEASE
 * names the {@code fireId} (and its {@code jobId}) whose run ended. A WITHDRAW (the planner, when a job is disabled,
 * paused or deleted) names no fire but the {@code jobId} whose waiting fires leave the queue, each ending SKIPPED with
 * {@code reason}: only those of {@code kind} when it is set (SCHEDULED for a disabled or paused job, whose manual runs
 * still run), every one when it is null. All three are idempotent: an ACQUIRE of a fire that holds or waits is
 * ignored, a RELEASE of a fire that holds nothing changes nothing, a WITHDRAW finds nothing left to withdraw.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LimitCommand(
        int schemaVersion,
        LimitCommandType type,
        String limit,
        String fireId,
        String jobId,
        FireEvent fire,
        String requestedBy,
        Instant emittedAt,
        FireKind kind,
        String reason) {

    public static final int SCHEMA_VERSION = 1;

    public LimitCommand {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
    }

    /** {@code fire} asks for a slot of the limit it claims. */
    public static LimitCommand acquire(FireEvent fire, String requestedBy, Instant now) {
        return new LimitCommand(
                SCHEMA_VERSION,
                LimitCommandType.ACQUIRE,
                fire.limit().name(),
                fire.fireId(),
                fire.jobId(),
                fire,
                requestedBy,
                now,
                null,
                null);
    }

    /** The run of {@code fireId} of {@code jobId} ended: its slot of {@code limit} is free. */
    public static LimitCommand release(String limit, String fireId, String jobId, String requestedBy, Instant now) {
        return new LimitCommand(
                SCHEMA_VERSION, LimitCommandType.RELEASE, limit, fireId, jobId, null, requestedBy, now, null, null);
    }

    /**
     * The fires of {@code jobId} that wait for {@code limit} leave its queue and end SKIPPED with {@code reason}: only
     * those of {@code kind}, or every one when {@code kind} is null.
     */
    public static LimitCommand withdraw(
            String limit, String jobId, FireKind kind, String reason, String requestedBy, Instant now) {
        return new LimitCommand(
                SCHEMA_VERSION, LimitCommandType.WITHDRAW, limit, null, jobId, null, requestedBy, now, kind, reason);
    }
}
