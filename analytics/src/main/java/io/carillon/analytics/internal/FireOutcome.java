package io.carillon.analytics.internal;

import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.util.EnumSet;
import java.util.Set;

/**
 * What a terminal result says about its fire, as the failed and failure-rate rules count it: the fire failed when its
 * last attempt ended FAILED, TIMED_OUT, LOST or NO_WORKER (an attempt the planner will retry does not count), and
 * succeeded when a run of it ended SUCCEEDED; KILLED and SKIPPED count neither way. Stateless.
 */
enum FireOutcome {
    FAILED,
    SUCCEEDED,
    NOT_COUNTED;

    private static final Set<RunStatus> FAILURES =
            EnumSet.of(RunStatus.FAILED, RunStatus.TIMED_OUT, RunStatus.LOST, RunStatus.NO_WORKER);

    /** The outcome of {@code result} of {@code job} (null when its definition is not known). */
    static FireOutcome of(RunResult result, JobDefinition job) {
        if (result.status() == RunStatus.SUCCEEDED) {
            return SUCCEEDED;
        }
        if (!FAILURES.contains(result.status()) || willBeRetried(result, job)) {
            return NOT_COUNTED;
        }
        return FAILED;
    }

    private static boolean willBeRetried(RunResult result, JobDefinition job) {
        return job != null
                && result.attempt() < job.retry().maxAttempts()
                && !(job.atMostOnce() && result.status() == RunStatus.LOST);
    }

    /** The fire a retry's fire id goes back to: the part before the first {@code ~}. */
    static String originalFire(String fireId) {
        int retry = fireId.indexOf('~');
        return retry < 0 ? fireId : fireId.substring(0, retry);
    }
}
