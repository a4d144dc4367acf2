package io.carillon.console.internal.jobs;

import io.carillon.console.internal.incidents.IncidentStepListener;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import java.time.Instant;
import org.springframework.stereotype.Component;

/**
 * Keeps {@code job_pauses} in step with the planner's pauses after consecutive failures ({@code pauseAfterFailures}):
 * a PAUSED incident opening records the job as paused by {@value #PAUSED_BY}, with the incident's message as the
 * reason (so the job pages show it, and resuming in the console works as for any pause); its resolving removes that
 * pause, unless someone paused the job again in the console since. Runs in the incident materializer's transaction.
 */
@Component
class PlannerPauses implements IncidentStepListener {

    /** Who {@code job_pauses} names for a pause the planner decided. */
    static final String PAUSED_BY = "planner";

    private final PauseRepository pauses;

    PlannerPauses(PauseRepository pauses) {
        this.pauses = pauses;
    }

    @Override
    public void stored(Incident step, Instant now) {
        if (step.rule() != IncidentRule.PAUSED || step.jobId() == null) {
            return;
        }
        if (step.action() == IncidentAction.OPENED) {
            pauses.pause(
                    step.jobId(),
                    step.message() == null ? "paused by the planner" : step.message(),
                    PAUSED_BY,
                    step.at());
        } else if (step.action() == IncidentAction.RESOLVED) {
            pauses.resumeIfPausedBy(step.jobId(), PAUSED_BY);
        }
    }
}
