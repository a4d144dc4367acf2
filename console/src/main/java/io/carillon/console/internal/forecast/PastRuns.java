package io.carillon.console.internal.forecast;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;

/**
 * The runs of the past 24 hours as a grid: {@code slots} slots of {@code slotMs} each from {@code from} (inclusive)
 * to {@code to} (exclusive), one row per job that has runs scheduled in them, by job id. {@code nextCursor} (absent
 * on the last page) continues after the last job of this page.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record PastRuns(Instant from, Instant to, long slotMs, int slots, List<Row> items, String nextCursor) {

    /** One job's slots that hold runs, by slot. */
    record Row(String jobId, String app, List<Cell> cells) {}

    /**
     * The runs of one slot ({@code slot} counts from 0 at {@code from}): how many, the most severe of their statuses
     * ({@code status}, see {@link PastRunsService#SEVERITY}), and the newest run of that status, the one the cell opens.
     */
    record Cell(int slot, long runs, String status, String runId) {}
}
