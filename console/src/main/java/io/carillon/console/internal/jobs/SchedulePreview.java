package io.carillon.console.internal.jobs;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * What a schedule that is not saved would do: {@code fires} after {@code from} (with the instants its calendars
 * remove between them, each naming its calendar in {@code skippedBy}) in UTC and in the schedule's
 * {@code zone}, the schedule in words, the daylight-saving changes that skip or fold the times it names, and how
 * many times it fires in the 24 hours from its first fire ({@code firesPerDay}, worked out for FIXED_RATE and
 * FIXED_DELAY from the interval, FIXED_DELAY as if runs took no time), with {@code tooFrequent} and a
 * {@code warning} above {@code carillon.console.jobs.fires-per-day-warning}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record SchedulePreview(
        String scheduleInWords,
        String zone,
        Instant from,
        List<Fire> fires,
        List<DstNote> dstNotes,
        long firesPerDay,
        boolean tooFrequent,
        String warning) {

    /**
     * One instant, as an instant and as the wall-clock time in the schedule's zone; {@code skippedBy} names the
     * calendar that removes it (it does not fire, and a page shows it struck through), absent when it fires.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Fire(Instant at, OffsetDateTime local, String skippedBy) {}
}
