package io.carillon.console.internal.runs;

import io.carillon.topics.events.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Folds the results of one batch into one {@link RunChange} per run, such that upserting the changes has exactly the
 * effect on {@code runs} of upserting the results one by one, in order, whatever the stored rows are:
 * <ul>
 * <li>the columns written only when a row is created (job id, attempt, shard index and total) come from the run's
 * first result;</li>
 * <li>each fact column (fire, app, handler, kind, instance, the three times, the concurrency limit and when the run
 * started waiting for it) is the first non-null value, which the
 * upsert keeps only where the stored row has none;</li>
 * <li>the status columns come from the result the row would end on, found by the upsert's own rule: a result of a
 * higher {@link RunStatusRank} replaces, one of the same non-terminal rank replaces when its message or progress
 * differs, anything else is ignored. Hence the first terminal result wins, and a late STARTED loses. When a
 * same-rank replacement happened within the batch, the change is {@link RunChange#forced forced}: a stored row of
 * that rank then takes its status columns (and its update time) even with the same message and progress, as the
 * one-by-one upserts would have done.</li>
 * </ul>
 * Stateless; the changes come in the order of each run's first result.
 */
final class RunChanges {

    private RunChanges() {}

    static List<RunChange> fold(List<RunResult> results) {
        Map<String, RunChange> byRun = new LinkedHashMap<>();
        for (RunResult result : results) {
            RunChange next = RunChange.of(result);
            byRun.merge(next.runId(), next, RunChanges::then);
        }
        return new ArrayList<>(byRun.values());
    }

    /** {@code earlier} followed by {@code later}, both of the same run. */
    static RunChange then(RunChange earlier, RunChange later) {
        int earlierRank = RunStatusRank.of(earlier.status());
        int laterRank = RunStatusRank.of(later.status());
        boolean replaces = laterRank > earlierRank
                || laterRank == earlierRank
                        && laterRank < RunStatusRank.terminal()
                        && !sameMessageAndProgress(earlier, later);
        RunChange status = replaces ? later : earlier;
        boolean forced = replaces ? laterRank == earlierRank : earlier.forced();
        return new RunChange(
                earlier.runId(),
                first(earlier.fireId(), later.fireId()),
                earlier.jobId(),
                first(earlier.app(), later.app()),
                first(earlier.handler(), later.handler()),
                first(earlier.kind(), later.kind()),
                earlier.attempt(),
                earlier.shardIndex(),
                earlier.shardTotal(),
                status.status(),
                first(earlier.instance(), later.instance()),
                first(earlier.scheduledAt(), later.scheduledAt()),
                first(earlier.startedAt(), later.startedAt()),
                first(earlier.finishedAt(), later.finishedAt()),
                status.message(),
                status.errorClass(),
                status.progressDone(),
                status.progressTotal(),
                first(earlier.concurrencyLimit(), later.concurrencyLimit()),
                first(earlier.waitingSince(), later.waitingSince()),
                forced);
    }

    private static boolean sameMessageAndProgress(RunChange a, RunChange b) {
        return Objects.equals(a.message(), b.message())
                && Objects.equals(a.progressDone(), b.progressDone())
                && Objects.equals(a.progressTotal(), b.progressTotal());
    }

    private static <T> T first(T earlier, T later) {
        return earlier != null ? earlier : later;
    }
}
