package io.carillon.console.internal.jobs;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.carillon.topics.events.JobDefinition;
import java.time.Instant;

/**
 * One job of the list: its definition, its schedule in words, its next fire (none when disabled, paused, ended,
 * or FIXED_DELAY without an ended run), its pause, its newest run, how its runs of the last 24 hours ended, and the
 * app that declares it in code ({@code managedBy}, absent for a job managed in the console).
 * Absent values are left out of JSON.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record JobSummary(
        JobDefinition job,
        String scheduleInWords,
        Instant nextFireAt,
        boolean paused,
        Pause pause,
        LastRun lastRun,
        Last24Hours last24h,
        ManagedBy managedBy) {

    /** Who paused the job through the console, when and why. */
    public record Pause(String reason, String by, Instant at) {}

    /** The job's newest run by scheduled time; {@code latenessMs} from scheduled to started. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LastRun(
            String runId, String status, Instant scheduledAt, Instant startedAt, Instant finishedAt, Long latenessMs) {}

    /**
     * The job's runs scheduled in the last 24 hours that ended, those that SUCCEEDED, and their ratio (absent when
     * none ended).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Last24Hours(long ended, long succeeded, Double successRate) {}
}
