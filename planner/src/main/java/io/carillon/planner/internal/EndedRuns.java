package io.carillon.planner.internal;

import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;

/**
 * The runs that ended FAILED, TIMED_OUT, LOST, NO_WORKER or KILLED ({@link #RETRYABLE}), by run id, for RETRY
 * requests ({@link PlannerStores#ENDED_RUNS}). A window store with the time the planner read the result as window
 * start: Kafka Streams drops whole segments older than the retention, so the store cleans itself without a scan.
 * Runs that ended otherwise (SUCCEEDED, SKIPPED) are not kept. Used by one stream task's thread only.
 */
final class EndedRuns {

    /** The statuses a RETRY request may retry. */
    static final Set<RunStatus> RETRYABLE =
            EnumSet.of(RunStatus.FAILED, RunStatus.TIMED_OUT, RunStatus.LOST, RunStatus.NO_WORKER, RunStatus.KILLED);

    private final WindowStore<String, EndedRun> store;
    private final Duration retention;

    EndedRuns(WindowStore<String, EndedRun> store, Duration retention) {
        this.store = store;
        this.retention = retention;
    }

    Duration retention() {
        return retention;
    }

    /** Keeps the run of {@code result} when it ended in a retryable status; a later result of the run replaces it. */
    void remember(RunResult result, Instant now) {
        if (RETRYABLE.contains(result.status())) {
            store.put(result.runId(), EndedRun.of(result, now), now.toEpochMilli());
        }
    }

    /** The latest ending of run {@code runId} kept, if any. */
    Optional<EndedRun> find(String runId, Instant now) {
        long from = now.minus(retention).toEpochMilli();
        long to = now.plus(retention).toEpochMilli();
        EndedRun latest = null;
        try (WindowStoreIterator<EndedRun> hits = store.fetch(runId, from, to)) {
            while (hits.hasNext()) {
                latest = hits.next().value;
            }
        }
        return Optional.ofNullable(latest);
    }
}
