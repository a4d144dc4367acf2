package io.carillon.console.internal.runs;

import java.time.Instant;

/**
 * One run as the API shows it (a row of {@code runs}). {@code latenessMs} is {@code startedAt - scheduledAt}, null
 * until the run started; {@code status} and {@code kind} are the names of RunStatus and FireKind. {@code limit} is the
 * concurrency limit the run holds or waits for (null for a run of no limit), {@code waitingSince} when it joined that
 * limit's queue (null for a run that never waited).
 */
public record RunView(
        String runId,
        String fireId,
        String jobId,
        String app,
        String handler,
        String kind,
        int attempt,
        int shardIndex,
        int shardTotal,
        String status,
        String instance,
        Instant scheduledAt,
        Instant startedAt,
        Instant finishedAt,
        Long latenessMs,
        String message,
        String errorClass,
        Long progressDone,
        Long progressTotal,
        Instant updatedAt,
        String limit,
        Instant waitingSince) {}
