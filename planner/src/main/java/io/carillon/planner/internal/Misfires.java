package io.carillon.planner.internal;

import java.time.Instant;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.MisfirePolicy;

/**
 * Applies a job's misfire policy when its next scheduled instant is older than the policy's threshold (the planner
 * was down, or its partition was away in a rebalance). Every instant up to now then counts as missed:
 * <ul>
 *   <li>DO_NOTHING: none of them fires; the plan goes on with the first instant after now;</li>
 *   <li>FIRE_ONCE_NOW: one fire of kind MISFIRE at now, id {@code <job>@<first missed millis>}; then as above;</li>
 *   <li>CATCH_UP: each missed instant in order, kind MISFIRE, at most {@link MisfirePolicy#maxCatchUp()}; the rest
 *       is skipped.</li>
 * </ul>
 */
final class Misfires {

    private final Output output;

    Misfires(Output output) {
        this.output = output;
    }

    /** The state with the missed instants dealt with; unchanged when nothing is missed. */
    JobState resolve(JobState state, Instant now) {
        JobDefinition job = state.job();
        MisfirePolicy policy = job.misfire();
        Instant firstMissed = state.nextAt();
        if (firstMissed == null || !firstMissed.isBefore(now.minusMillis(policy.thresholdMs()))) {
            return state;
        }
        return switch (policy.strategy()) {
            case DO_NOTHING -> state.withProgress(nextAfter(job, now), state.lastEmittedAt());
            case FIRE_ONCE_NOW -> {
                output.fire(FireEvent.of(job, FireIds.scheduled(job.id(), firstMissed), now, FireKind.MISFIRE, 1,
                        null, null, now));
                yield state.withProgress(nextAfter(job, now), state.lastEmittedAt());
            }
            case CATCH_UP -> catchUp(state, firstMissed, now);
        };
    }

    private JobState catchUp(JobState state, Instant firstMissed, Instant now) {
        JobDefinition job = state.job();
        Instant missed = firstMissed;
        Instant last = state.lastEmittedAt();
        for (int count = 0; missed != null && !missed.isAfter(now) && count < job.misfire().maxCatchUp(); count++) {
            output.fire(FireEvent.of(job, FireIds.scheduled(job.id(), missed), missed, FireKind.MISFIRE, 1, null,
                    null, now));
            last = missed;
            missed = NextInstant.after(job.schedule(), missed);
        }
        Instant next = missed == null || missed.isAfter(now) ? missed : nextAfter(job, now);
        return state.withProgress(next, last);
    }

    private static Instant nextAfter(JobDefinition job, Instant instant) {
        return NextInstant.after(job.schedule(), instant);
    }
}
