package io.carillon.console.internal.workers;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One app: its live and stale worker instances, the handlers its live instances offer, its enabled jobs, and those of
 * them no live worker can run ({@code unservedJobs} of them, the first {@code max-unserved-jobs-listed} by id in
 * {@code jobsWithoutWorker}): they would end NO_WORKER when they fire.
 */
public record AppView(
        String app,
        int liveInstances,
        int staleInstances,
        List<String> liveHandlers,
        long enabledJobs,
        long unservedJobs,
        List<UnservedJob> jobsWithoutWorker) {

    /** An enabled job whose handler no live instance of its app offers (or none of the instances it is pinned to). */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record UnservedJob(String jobId, String handler, List<String> pinnedInstances) {}
}
