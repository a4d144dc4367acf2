package io.carillon.planner.internal;

import io.carillon.planner.PlannerSettings;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import java.time.Instant;

/**
 * Works through BACKFILL cursors (timers whose {@code at} is the next instant to backfill and {@code until} the
 * last), at most {@link PlannerSettings#backfillPerPunctuation()} fires per punctuation for the whole task, so a
 * large backfill is spread over time instead of flooding {@code fires}. Each fire is kind BACKFILL, at its nominal
 * instant, with id {@link PlannerIds#backfill}. Used by one stream task's thread only.
 */
final class Backfills {

    private final PlannerSettings settings;
    private final TimerStore timers;
    private final Output output;
    private final PlannerCalendars calendars;
    private int budget;

    Backfills(PlannerSettings settings, TimerStore timers, Output output, PlannerCalendars calendars) {
        this.calendars = calendars;
        this.settings = settings;
        this.timers = timers;
        this.output = output;
    }

    /** The first instant of {@code schedule} at or after {@code from}, or null (a FIXED_DELAY range starts at from). */
    static Instant firstAtOrAfter(Schedule schedule, Instant from) {
        return schedule.type() == ScheduleType.FIXED_DELAY ? from : NextInstant.after(schedule, from.minusMillis(1));
    }

    void startPunctuation() {
        budget = settings.backfillPerPunctuation();
    }

    boolean exhausted() {
        return budget <= 0;
    }

    /**
     * Writes the cursor's instants up to {@code until}, the budget and {@code horizonEnd}; keeps a moved cursor for
     * the rest. {@code state} no longer lists the cursor.
     */
    JobState drain(JobState state, Timer cursor, Instant horizonEnd, Instant now) {
        JobDefinition job = state.job();
        Instant instant = cursor.at();
        while (instant != null && !instant.isAfter(cursor.until()) && !instant.isAfter(horizonEnd) && budget > 0) {
            if (calendars.removes(job.schedule(), instant)) {
                instant = NextInstant.after(job.schedule(), instant);
                continue;
            }
            output.fire(FireEvent.of(
                    job,
                    PlannerIds.backfill(job.id(), instant),
                    instant,
                    FireKind.BACKFILL,
                    1,
                    cursor.params(),
                    null,
                    now));
            budget--;
            instant = NextInstant.after(job.schedule(), instant);
        }
        if (instant == null || instant.isAfter(cursor.until())) {
            return state;
        }
        Timer rest = cursor.movedTo(instant);
        timers.put(rest);
        return state.withRequested(rest);
    }
}
