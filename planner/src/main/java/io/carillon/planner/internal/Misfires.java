package io.carillon.planner.internal;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.ScheduleType;
import java.time.Instant;

/**
 * Applies a job's misfire policy when its next scheduled instant is older than the policy's threshold (the planner
 * was down, or its partition was away in a rebalance). Every instant up to now then counts as missed:
 * <ul>
 *   <li>DO_NOTHING: none of them fires; a SKIPPED result (run id {@code <job>@<first missed millis>#0}, kind
 *       MISFIRE) says how many instants were skipped, from when to when, and the threshold; the plan goes on with
 *       the first instant after now;</li>
 *   <li>FIRE_ONCE_NOW: one fire of kind MISFIRE due now, id {@code <job>@<first missed millis>} and nominal instant
 *       ({@code scheduledAt}) the first missed one; then as above;</li>
 *   <li>CATCH_UP: each missed instant in order, kind MISFIRE, at most {@link MisfirePolicy#maxCatchUp()}; the rest
 *       is skipped.</li>
 * </ul>
 * A FIXED_DELAY job has one missed instant at most: FIRE_ONCE_NOW and CATCH_UP fire it now, and the next instant
 * waits for that run's end. Instants a calendar of the job's schedule removes are not missed: the first missed
 * instant is the first one a calendar keeps, and CATCH_UP replays only those. With a {@code maxLateMs}, FIRE_ONCE_NOW
 * and CATCH_UP leave out the missed instants more than that before now: a SKIPPED result counts them, and the policy
 * goes on from the first instant within it (every instant is skipped, as by DO_NOTHING, when none is).
 */
final class Misfires {

    /** Skipped instants are counted up to this; beyond, the SKIPPED message says "at least". */
    static final int MAX_SKIPPED_COUNTED = 10_000;

    private final Output output;
    private final PlannerCalendars calendars;

    Misfires(Output output, PlannerCalendars calendars) {
        this.output = output;
        this.calendars = calendars;
    }

    /** The state with the missed instants dealt with; unchanged when nothing is missed. */
    JobState resolve(JobState planned, Instant now) {
        JobDefinition job = planned.job();
        MisfirePolicy policy = job.misfire();
        Instant firstMissed = firstKept(job, planned.nextAt(), now);
        JobState state =
                firstMissed == planned.nextAt() ? planned : planned.withProgress(firstMissed, planned.lastEmittedAt());
        if (firstMissed == null || !firstMissed.isBefore(now.minusMillis(policy.thresholdMs()))) {
            return state;
        }
        boolean fixedDelay = job.schedule().type() == ScheduleType.FIXED_DELAY;
        if (policy.strategy() != MisfireStrategy.DO_NOTHING && policy.tooLate(firstMissed, now)) {
            Instant inTime = fixedDelay ? null : firstInTime(job, now);
            if (inTime == null || inTime.isAfter(now)) {
                return skip(state, firstMissed, lateReason(job), now);
            }
            output.result(
                    skipped(job, firstMissed, skippedBefore(job, firstMissed, inTime, lateReason(job), now), now));
            firstMissed = inTime;
            state = state.withProgress(inTime, state.lastEmittedAt());
        }
        return switch (policy.strategy()) {
            case DO_NOTHING -> skip(state, firstMissed, "the threshold of " + policy.thresholdMs() + " ms", now);
            case FIRE_ONCE_NOW -> {
                output.fire(FireEvent.of(
                                job,
                                FireIds.scheduled(job.id(), firstMissed),
                                firstMissed,
                                FireKind.MISFIRE,
                                1,
                                null,
                                null,
                                now)
                        .dueAt(now));
                yield fixedDelay
                        ? state.withProgress(null, firstMissed)
                        : state.withProgress(nextAfter(job, now), state.lastEmittedAt());
            }
            case CATCH_UP -> fixedDelay ? catchUpOne(state, firstMissed, now) : catchUp(state, firstMissed, now);
        };
    }

    private JobState skip(JobState state, Instant firstMissed, String limit, Instant now) {
        JobDefinition job = state.job();
        Instant next = nextAfter(job, now);
        String message = skippedBefore(job, firstMissed, null, limit, now) + "; next instant " + next;
        output.result(skipped(job, firstMissed, message, now));
        return state.withProgress(next, state.lastEmittedAt());
    }

    /**
     * Says which instants from {@code firstMissed} on are skipped: those before {@code until}, or up to now when
     * {@code until} is null, as more than {@code limit} late.
     */
    private String skippedBefore(JobDefinition job, Instant firstMissed, Instant until, String limit, Instant now) {
        Instant lastMissed = firstMissed;
        int skipped = 1;
        for (Instant missed = nextAfter(job, firstMissed);
                missed != null
                        && (until == null ? !missed.isAfter(now) : missed.isBefore(until))
                        && skipped < MAX_SKIPPED_COUNTED
                        && job.schedule().type() != ScheduleType.FIXED_DELAY;
                missed = nextAfter(job, missed)) {
            lastMissed = missed;
            skipped++;
        }
        String count = (skipped >= MAX_SKIPPED_COUNTED ? "at least " : "") + skipped;
        return "misfire " + job.misfire().strategy() + ": skipped " + count + " scheduled instant(s) from "
                + firstMissed + " to " + lastMissed + ", more than " + limit + " late at " + now;
    }

    /** The first instant no more than the policy's {@code maxLateMs} before now that a calendar keeps, if any. */
    private Instant firstInTime(JobDefinition job, Instant now) {
        Instant earliest = now.minusMillis(job.misfire().maxLateMs());
        return firstKept(job, NextInstant.after(job.schedule(), earliest.minusMillis(1)), now);
    }

    private static String lateReason(JobDefinition job) {
        return "the maxLateMs of " + job.misfire().maxLateMs() + " ms";
    }

    private static RunResult skipped(JobDefinition job, Instant firstMissed, String message, Instant now) {
        String fireId = FireIds.scheduled(job.id(), firstMissed);
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(fireId, 0),
                fireId,
                job.id(),
                job.app(),
                job.handler(),
                null,
                RunStatus.SKIPPED,
                FireKind.MISFIRE,
                1,
                0,
                1,
                firstMissed,
                null,
                now,
                message,
                null,
                null,
                now);
    }

    private JobState catchUpOne(JobState state, Instant firstMissed, Instant now) {
        JobDefinition job = state.job();
        output.fire(FireEvent.of(
                job, FireIds.scheduled(job.id(), firstMissed), firstMissed, FireKind.MISFIRE, 1, null, null, now));
        return state.withProgress(null, firstMissed);
    }

    private JobState catchUp(JobState state, Instant firstMissed, Instant now) {
        JobDefinition job = state.job();
        Instant missed = firstMissed;
        Instant last = state.lastEmittedAt();
        for (int count = 0;
                missed != null && !missed.isAfter(now) && count < job.misfire().maxCatchUp();
                count++) {
            output.fire(FireEvent.of(
                    job, FireIds.scheduled(job.id(), missed), missed, FireKind.MISFIRE, 1, null, null, now));
            last = missed;
            missed = firstKept(job, NextInstant.after(job.schedule(), missed), now);
        }
        Instant next = missed == null || missed.isAfter(now) ? missed : nextAfter(job, now);
        return state.withProgress(next, last);
    }

    /**
     * {@code instant}, or the first instant after it up to now that no calendar removes (the first one after now
     * when all up to now are removed); at most {@link #MAX_SKIPPED_COUNTED} instants are looked at.
     */
    private Instant firstKept(JobDefinition job, Instant instant, Instant now) {
        Instant kept = instant;
        for (int looked = 0;
                kept != null
                        && !kept.isAfter(now)
                        && looked < MAX_SKIPPED_COUNTED
                        && calendars.removes(job.schedule(), kept);
                looked++) {
            kept = calendars.afterRemoved(job.schedule(), kept);
        }
        return kept;
    }

    private static Instant nextAfter(JobDefinition job, Instant instant) {
        return NextInstant.after(job.schedule(), instant);
    }
}
