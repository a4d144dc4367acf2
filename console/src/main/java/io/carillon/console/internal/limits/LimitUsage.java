package io.carillon.console.internal.limits;

import java.time.Instant;
import java.util.List;

/**
 * How a concurrency limit is used now, as the console's runs show it: {@code held} runs hold a slot (STARTED or
 * PROGRESS) and {@code waiting} runs wait in its queue (WAITING), counted over every app; {@code holders} and
 * {@code queue} list the first of them that the caller may read (holders by start, the queue in the order the runs
 * asked for a slot). {@code max} and {@code description} are null for a limit that is not defined ({@code defined}
 * false), which grants every run at once.
 */
public record LimitUsage(
        String id,
        Integer max,
        String description,
        boolean defined,
        long held,
        long waiting,
        List<UsageRun> holders,
        List<UsageRun> queue) {

    /**
     * An open run of the limit. {@code since} is when it started (a holder; null while its worker has claimed it but
     * not yet started it) or when it joined the queue (a waiting run).
     */
    public record UsageRun(
            String runId,
            String jobId,
            String app,
            String instance,
            String status,
            Instant scheduledAt,
            Instant since) {

        static UsageRun of(LimitRuns.Run run) {
            return new UsageRun(
                    run.runId(), run.jobId(), run.app(), run.instance(), run.status(), run.scheduledAt(), run.since());
        }
    }
}
