package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * When a job fires. Which fields matter depends on {@link #type()}: {@code cron} (Quartz or Unix syntax) for CRON,
 * {@code intervalMs} for FIXED_RATE and FIXED_DELAY, {@code at} for ONCE; {@code zone} (an IANA zone id, default UTC)
 * applies to CRON. {@code startAt}/{@code endAt} optionally bound every type.
 *
 * <p>Calendars ({@link Calendar}, by id) remove instants: an instant that falls in a calendar of {@code skip} does
 * not fire, and with {@code onlyOn} set only the instants that fall in that calendar fire. Absent means none; an
 * empty {@code skip} and a blank {@code onlyOn} are read as absent, so the JSON of a schedule without calendars has
 * neither field.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Schedule(
        ScheduleType type,
        String cron,
        Long intervalMs,
        Instant at,
        String zone,
        Instant startAt,
        Instant endAt,
        List<String> skip,
        String onlyOn) {

    public Schedule {
        skip = skip == null || skip.isEmpty() ? null : List.copyOf(skip);
        onlyOn = onlyOn == null || onlyOn.isBlank() ? null : onlyOn;
    }

    /** A schedule without calendars. */
    public Schedule(
            ScheduleType type, String cron, Long intervalMs, Instant at, String zone, Instant startAt, Instant endAt) {
        this(type, cron, intervalMs, at, zone, startAt, endAt, null, null);
    }

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

    /** This schedule skipping the instants that fall in any of {@code calendarIds}. */
    public Schedule skipping(List<String> calendarIds) {
        return new Schedule(type, cron, intervalMs, at, zone, startAt, endAt, calendarIds, onlyOn);
    }

    /** This schedule keeping only the instants that fall in calendar {@code calendarId}. */
    public Schedule onlyOn(String calendarId) {
        return new Schedule(type, cron, intervalMs, at, zone, startAt, endAt, skip, calendarId);
    }

    /** Whether {@code skip} or {@code onlyOn} names a calendar. */
    public boolean usesCalendars() {
        return skip != null || onlyOn != null;
    }

    /** The calendars this schedule names, {@code onlyOn} first; empty when none. */
    public List<String> calendarIds() {
        if (!usesCalendars()) {
            return List.of();
        }
        List<String> ids = new ArrayList<>();
        if (onlyOn != null) {
            ids.add(onlyOn);
        }
        if (skip != null) {
            skip.stream().filter(id -> !ids.contains(id)).forEach(ids::add);
        }
        return List.copyOf(ids);
    }
}
