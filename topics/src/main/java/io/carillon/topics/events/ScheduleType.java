package io.carillon.topics.events;

/** How a job's fire times are computed. */
public enum ScheduleType {
    CRON,
    FIXED_RATE,
    FIXED_DELAY,
    ONCE,
    NONE
}
