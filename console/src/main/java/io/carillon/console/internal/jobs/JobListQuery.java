package io.carillon.console.internal.jobs;

import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.ScheduleType;

/**
 * The filters of the job list, each null when not set: {@code app}, {@code q} (a part of the id or description, any
 * case), {@code enabled}, {@code paused} (through the console), {@code handler}, schedule {@code type},
 * {@code owner}, {@code tag} and {@code status} (of the job's newest run).
 */
record JobListQuery(
        String app,
        String q,
        Boolean enabled,
        Boolean paused,
        String handler,
        ScheduleType type,
        String owner,
        String tag,
        RunStatus status) {}
