package io.carillon.bench.internal;

import io.carillon.bench.internal.HandlerStarts.StartKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The expected fires that have not reached a handler yet, shrinking as they do: each {@link #count} looks only at
 * what was still missing the time before, so waiting for the last fires of a large run costs little beside the
 * system under test. Used by one thread.
 */
final class Outstanding {

    private final HandlerStarts starts;
    private List<StartKey> missing;

    Outstanding(ExpectedFires fires, HandlerStarts starts) {
        this.starts = starts;
        this.missing = new ArrayList<>((int) Math.min(Integer.MAX_VALUE, fires.count()));
        for (Instant instant : fires.instants()) {
            for (String jobId : fires.jobIds()) {
                missing.add(new StartKey(jobId, instant.toEpochMilli(), 0, 1));
            }
        }
    }

    /** How many expected fires have not started yet. */
    int count() {
        List<StartKey> still = new ArrayList<>();
        for (StartKey key : missing) {
            if (!starts.started(key)) {
                still.add(key);
            }
        }
        missing = still;
        return missing.size();
    }
}
