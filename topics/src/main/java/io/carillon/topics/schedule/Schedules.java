package io.carillon.topics.schedule;

import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Optional;

/**
 * The fire times a {@link Schedule} describes. Stateless and thread-safe.
 *
 * <p>FIXED_RATE instants are {@code anchor + k * intervalMs}, anchored at {@code startAt} or else at the epoch, so a
 * rate never drifts and the same instants come out however often a job is replanned (an interval of 1000 fires on
 * whole seconds). FIXED_DELAY depends on when the previous run ended, which the caller passes as {@code after}.
 */
public final class Schedules {

    /** The shortest interval accepted for FIXED_RATE and FIXED_DELAY. */
    public static final long MIN_INTERVAL_MS = 10;

    private Schedules() {}

    /** Parses {@code cron} (Quartz or Unix fields), or throws {@link IllegalArgumentException} saying what is wrong. */
    public static void checkCron(String cron) {
        CronExpressions.parse(cron);
    }

    /**
     * The first fire instant strictly after {@code after}, or empty when the schedule has none left (ONCE already
     * past, NONE, or beyond {@code endAt}). For FIXED_DELAY, {@code after} is the end of the previous run and the
     * result is {@code after + intervalMs}. The schedule must be valid.
     */
    public static Optional<Instant> nextAfter(Schedule schedule, Instant after) {
        Instant from = schedule.startAt() != null && schedule.startAt().isAfter(after)
                ? schedule.startAt().minusNanos(1)
                : after;
        Optional<Instant> next = switch (schedule.type()) {
            case CRON ->
                CronExpressions.parse(schedule.cron())
                        .nextExecution(from.truncatedTo(ChronoUnit.SECONDS).atZone(zoneOf(schedule)))
                        .map(time -> time.toInstant());
            case FIXED_RATE -> Optional.of(nextRate(schedule, from));
            case FIXED_DELAY -> Optional.of(from.plusMillis(schedule.intervalMs()));
            case ONCE -> schedule.at().isAfter(after) ? Optional.of(schedule.at()) : Optional.empty();
            case NONE -> Optional.empty();
        };
        return next.filter(instant -> schedule.endAt() == null || !instant.isAfter(schedule.endAt()));
    }

    /**
     * {@code schedule} in English words: cron-utils' description of a cron with its zone, the interval of FIXED_RATE
     * and FIXED_DELAY, the instant of ONCE, and the bounds {@code startAt}/{@code endAt}. The schedule must be valid.
     */
    public static String describe(Schedule schedule) {
        String words = switch (schedule.type()) {
            case CRON ->
                CronExpressions.describe(schedule.cron()) + " ("
                        + zoneOf(schedule).getId() + ")";
            case FIXED_RATE -> "every " + IntervalWords.of(schedule.intervalMs());
            case FIXED_DELAY -> IntervalWords.of(schedule.intervalMs()) + " after the end of each run";
            case ONCE -> "once at " + schedule.at();
            case NONE -> "never by itself: run by hand, by a request or as a child";
        };
        return words
                + (schedule.startAt() == null ? "" : ", from " + schedule.startAt())
                + (schedule.endAt() == null ? "" : ", until " + schedule.endAt());
    }

    /**
     * {@code schedule} in words of {@code locale}: Chinese for a Chinese locale (cron-utils' Chinese descriptor for a
     * cron), English ({@link #describe(Schedule)}) for any other. The schedule must be valid.
     */
    public static String describe(Schedule schedule, Locale locale) {
        if (locale == null || !Locale.CHINESE.getLanguage().equals(locale.getLanguage())) {
            return describe(schedule);
        }
        String words = switch (schedule.type()) {
            case CRON ->
                CronExpressions.describeInChinese(schedule.cron()) + "（"
                        + zoneOf(schedule).getId() + "）";
            case FIXED_RATE -> "每 " + IntervalWords.chinese(schedule.intervalMs());
            case FIXED_DELAY -> "每次运行结束 " + IntervalWords.chinese(schedule.intervalMs()) + " 后";
            case ONCE -> "于 " + schedule.at() + " 运行一次";
            case NONE -> "不自动触发：手动运行、由请求触发或作为子任务运行";
        };
        return words
                + (schedule.startAt() == null ? "" : "，自 " + schedule.startAt() + " 起")
                + (schedule.endAt() == null ? "" : "，至 " + schedule.endAt() + " 止");
    }

    /** The zone a CRON schedule is evaluated in: its own, or UTC. */
    public static ZoneId zoneOf(Schedule schedule) {
        return schedule.zone() == null || schedule.zone().isBlank() ? ZoneOffset.UTC : ZoneId.of(schedule.zone());
    }

    private static Instant nextRate(Schedule schedule, Instant after) {
        long interval = schedule.intervalMs();
        long anchor = schedule.startAt() != null ? schedule.startAt().toEpochMilli() : 0;
        long afterMs = after.toEpochMilli();
        if (afterMs < anchor) {
            return Instant.ofEpochMilli(anchor);
        }
        long steps = Math.floorDiv(afterMs - anchor, interval) + 1;
        return Instant.ofEpochMilli(anchor + steps * interval);
    }

    static boolean isRecurring(ScheduleType type) {
        return type == ScheduleType.CRON || type == ScheduleType.FIXED_RATE || type == ScheduleType.FIXED_DELAY;
    }
}
