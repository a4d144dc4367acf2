package io.carillon.planner.internal;

import io.carillon.topics.events.JobDefinition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * What the planner keeps per job: its definition, whether a PAUSE request holds it, its schedule progress
 * ({@code nextAt}, the instant its scheduled timer waits for; {@code lastEmittedAt}, the latest scheduled instant
 * written to {@code fires}), the fires written but not yet due ({@code pending}, so they can be cancelled), the
 * timers requests created ({@code requested}) and its consecutive final failures ({@code failures}, null read as
 * none). Immutable.
 */
public record JobState(
        JobDefinition job,
        boolean paused,
        Instant nextAt,
        Instant lastEmittedAt,
        List<PendingFire> pending,
        List<Timer> requested,
        FailureStreak failures) {

    public JobState {
        pending = pending == null ? List.of() : List.copyOf(pending);
        requested = requested == null ? List.of() : List.copyOf(requested);
        failures = failures == null ? FailureStreak.NONE : failures;
    }

    /** A state without failures. */
    JobState(
            JobDefinition job,
            boolean paused,
            Instant nextAt,
            Instant lastEmittedAt,
            List<PendingFire> pending,
            List<Timer> requested) {
        this(job, paused, nextAt, lastEmittedAt, pending, requested, FailureStreak.NONE);
    }

    static JobState of(JobDefinition job) {
        return new JobState(job, false, null, null, List.of(), List.of());
    }

    JobState withFailures(FailureStreak newFailures) {
        return new JobState(job, paused, nextAt, lastEmittedAt, pending, requested, newFailures);
    }

    /** Whether the job's schedule is to be followed: enabled and not paused. */
    boolean active() {
        return job.enabled() && !paused;
    }

    boolean hasPending(String fireId) {
        return pending.stream().anyMatch(fire -> fire.fireId().equals(fireId));
    }

    JobState withJob(JobDefinition newJob) {
        return new JobState(newJob, paused, nextAt, lastEmittedAt, pending, requested, failures);
    }

    JobState withPaused(boolean newPaused) {
        return new JobState(job, newPaused, nextAt, lastEmittedAt, pending, requested, failures);
    }

    JobState withProgress(Instant newNextAt, Instant newLastEmittedAt) {
        return new JobState(job, paused, newNextAt, newLastEmittedAt, pending, requested, failures);
    }

    JobState withPending(PendingFire fire) {
        List<PendingFire> more = new ArrayList<>(pending);
        more.add(fire);
        return new JobState(job, paused, nextAt, lastEmittedAt, more, requested, failures);
    }

    /** This state with {@code fires} added to its pending fires; this very state when there are none. */
    JobState withPending(List<PendingFire> fires) {
        if (fires.isEmpty()) {
            return this;
        }
        List<PendingFire> more = new ArrayList<>(pending.size() + fires.size());
        more.addAll(pending);
        more.addAll(fires);
        return new JobState(job, paused, nextAt, lastEmittedAt, more, requested, failures);
    }

    /** This state without the pending fires {@code which} matches; this very state when it matches none. */
    JobState withoutPending(Predicate<PendingFire> which) {
        if (pending.stream().noneMatch(which)) {
            return this;
        }
        return new JobState(
                job,
                paused,
                nextAt,
                lastEmittedAt,
                pending.stream().filter(which.negate()).toList(),
                requested,
                failures);
    }

    /** Forgets the pending fires that are due by {@code now}: they can no longer be cancelled. */
    JobState withoutDue(Instant now) {
        return withoutPending(fire -> !fire.dueAt().isAfter(now));
    }

    JobState withRequested(Timer timer) {
        List<Timer> more = new ArrayList<>(requested);
        more.add(timer);
        return new JobState(job, paused, nextAt, lastEmittedAt, pending, more, failures);
    }

    boolean hasRequested(String fireId) {
        return requested.stream().anyMatch(timer -> timer.fireId().equals(fireId));
    }

    JobState withoutRequested(String fireId) {
        return new JobState(
                job,
                paused,
                nextAt,
                lastEmittedAt,
                pending,
                requested.stream()
                        .filter(timer -> !timer.fireId().equals(fireId))
                        .toList(),
                failures);
    }
}
