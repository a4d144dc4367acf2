package io.carillon.console.internal.jobs;

import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;

/**
 * A daylight-saving change that touches a cron schedule: the local times from {@code localFrom} to {@code localTo}
 * are {@code SKIPPED} (they do not exist: clocks go forward at {@code transition}) or {@code FOLDED} (they occur
 * twice: clocks go back), the cron names {@code namedTimes} of them (the first few in {@code examples}), and
 * {@code fires} are the instants the schedule really fires at for them (at most a few).
 */
record DstNote(
        Kind kind,
        Instant transition,
        LocalDateTime localFrom,
        LocalDateTime localTo,
        int namedTimes,
        List<LocalDateTime> examples,
        List<Instant> fires,
        String message) {

    /** Whether the local times do not exist or occur twice. */
    public enum Kind {
        SKIPPED,
        FOLDED
    }
}
