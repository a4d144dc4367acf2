package io.carillon.topics;

import io.carillon.topics.events.Schedule;
import io.carillon.topics.schedule.Schedules;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/** Checks a {@link Schedule} field by field, as {@link JobValidator} does a job. Stateless and thread-safe. */
public final class ScheduleValidator {

    private ScheduleValidator() {}

    /** The problems with {@code schedule}, each naming its field under {@code prefix}; empty when it is valid. */
    public static List<FieldError> validate(Schedule schedule, String prefix) {
        List<FieldError> errors = new ArrayList<>();
        if (schedule == null) {
            errors.add(new FieldError(prefix, "is required"));
            return errors;
        }
        if (schedule.type() == null) {
            errors.add(
                    new FieldError(prefix + ".type", "is required: one of CRON, FIXED_RATE, FIXED_DELAY, ONCE, NONE"));
            return errors;
        }
        switch (schedule.type()) {
            case CRON -> {
                try {
                    Schedules.checkCron(schedule.cron());
                } catch (IllegalArgumentException e) {
                    errors.add(new FieldError(prefix + ".cron", describeCronError(schedule.cron(), e)));
                }
            }
            case FIXED_RATE, FIXED_DELAY -> {
                if (schedule.intervalMs() == null || schedule.intervalMs() < Schedules.MIN_INTERVAL_MS) {
                    errors.add(new FieldError(
                            prefix + ".intervalMs",
                            "must be at least " + Schedules.MIN_INTERVAL_MS + " for " + schedule.type()));
                }
            }
            case ONCE -> {
                if (schedule.at() == null) {
                    errors.add(new FieldError(prefix + ".at", "is required for a ONCE schedule"));
                }
            }
            case NONE -> {}
        }
        if (schedule.zone() != null) {
            try {
                ZoneId.of(schedule.zone());
            } catch (DateTimeException e) {
                errors.add(new FieldError(prefix + ".zone", "'" + schedule.zone() + "' is not a known time zone"));
            }
        }
        if (schedule.startAt() != null
                && schedule.endAt() != null
                && !schedule.endAt().isAfter(schedule.startAt())) {
            errors.add(new FieldError(prefix + ".endAt", "must be after startAt"));
        }
        errors.addAll(CalendarValidator.validateReferences(schedule, prefix));
        return errors;
    }

    private static String describeCronError(String cron, IllegalArgumentException e) {
        if (cron == null || cron.isBlank()) {
            return e.getMessage();
        }
        return "'" + cron + "' is not a valid cron expression (Quartz: 'sec min hour day month weekday [year]',"
                + " or Unix: 'min hour day month weekday'): " + e.getMessage();
    }
}
