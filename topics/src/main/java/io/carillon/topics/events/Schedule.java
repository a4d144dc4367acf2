package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * When a job fires. Which fields matter depends on {@link #type()}: {@code cron} (Quartz or Unix syntax) for CRON,
 * {@code intervalMs} for FIXED_RATE and FIXED_DELAY, {@code at} for ONCE; {@code zone} (an IANA zone id, default UTC)
 * applies to CRON. {@code startAt}/{@code endAt} optionally bound every type.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Schedule(
        ScheduleType type, String cron, Long intervalMs, Instant at, String zone, Instant startAt, Instant endAt) {

    public static Schedule cron(String expression, String zone) {
        return new Schedule(ScheduleType.CRON, expression, null, null, zone, null, null);
    }

    public static Schedule fixedRate(long intervalMs) {
        return new Schedule(ScheduleType.FIXED_RATE, null, intervalMs, null, null, null, null);
    }

    public static Schedule fixedDelay(long intervalMs) {
        return new Schedule(ScheduleType.FIXED_DELAY, null, intervalMs, null, null, null, null);
    }

    public static Schedule once(Instant at) {
        return new Schedule(ScheduleType.ONCE, null, null, at, null, null, null);
    }

    public static Schedule none() {
        return new Schedule(ScheduleType.NONE, null, null, null, null, null, null);
    }
}
