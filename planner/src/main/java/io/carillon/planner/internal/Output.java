package io.carillon.planner.internal;

import io.carillon.planner.PlannerSettings;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireBatch;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.LimitCommand;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.WorkflowCommand;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Writes the planner's output: fires and cancels to {@code fires}, the results the planner decides (SKIPPED, LOST,
 * TIMED_OUT) to {@code results}, CHILD requests to {@code requests} (all keyed by job id), the steps of PAUSED
 * incidents to {@code alerts} (keyed by incident id), the NODE_ENDED commands of workflow nodes' runs to
 * {@code workflow.commands} (keyed by workflow id), the RELEASEs of runs holding a concurrency limit to
 * {@code limit.commands} (keyed by limit name), dead letters to {@code dlq}. Between {@link #startFireBatch()} and {@link #endFireBatch()} fires are held and then written in the
 * order of their due instants: a punctuation writes a chunk of instants for each job it visits, and written job by
 * job they would reach a {@code fires} partition interleaved (A at 10 s..15 s, B at 10 s..15 s), so the offsets the
 * dispatcher has done when 10 s is due would be one range per job in its commit metadata instead of one range. A fire
 * due within {@link PlannerSettings#COMMIT_INTERVAL} asks Kafka Streams to commit after the current record or
 * punctuation, so that it is readable at once instead of at the next regular commit, paced by {@link UrgentCommits}
 * (a fire refused a commit asks again at {@link #commitIfUrgentPending()}; the first fires of a job taken on,
 * {@link #intake}, are paced apart). Used by one stream task's thread only.
 */
final class Output {

    private static final Comparator<FireEvent> BY_DUE = Comparator.comparing((FireEvent fire) -> fire.dueAt());

    private final ProcessorContext<String, Object> context;
    private final Clock clock;
    private final UrgentCommits urgentCommits;
    private final PlannerMeters meters;
    /** The fires held until {@link #endFireBatch()}; null outside a batch. */
    private List<FireEvent> batch;
    /** Whether the fires written are those of a job being taken on ({@link #intake}). */
    private boolean intake;

    Output(ProcessorContext<String, Object> context, Clock clock, UrgentCommits urgentCommits, PlannerMeters meters) {
        this.context = context;
        this.clock = clock;
        this.urgentCommits = urgentCommits;
        this.meters = meters;
    }

    void fire(FireEvent event) {
        if (batch != null) {
            batch.add(event);
            return;
        }
        forward(event.jobId(), event, PlannerNodes.FIRES_SINK);
        meters.written(event);
        commitIfUrgent(event);
    }

    /**
     * Runs {@code apply}, the taking on of a job definition, with its urgent fires paced as a job's first fires
     * ({@link UrgentCommits#grantIntake()}).
     */
    void intake(Runnable apply) {
        intake = true;
        try {
            apply.run();
        } finally {
            intake = false;
        }
    }

    private void commitIfUrgent(FireEvent event) {
        if (isUrgent(event) && (intake ? urgentCommits.grantIntake() : urgentCommits.grant())) {
            context.commit();
        }
    }

    /** Asks for a commit when an urgent fire of this planner waits for one and {@link UrgentCommits} allows it now. */
    void commitIfUrgentPending() {
        if (urgentCommits.grantPending()) {
            context.commit();
        }
    }

    /** Whether an urgent fire of this planner waits for a commit ({@link #commitIfUrgentPending()} asks again). */
    boolean urgentPending() {
        return urgentCommits.pending();
    }

    /** Whether the regular commit could come after {@code event} is due: it is due within the commit interval. */
    private boolean isUrgent(FireEvent event) {
        Instant dueAt = event.dueAt() != null ? event.dueAt() : event.scheduledAt();
        return dueAt == null || dueAt.isBefore(clock.instant().plus(PlannerSettings.COMMIT_INTERVAL));
    }

    /** Holds the fires written from now on until {@link #endFireBatch()}. */
    void startFireBatch() {
        batch = new ArrayList<>();
    }

    /**
     * Writes the fires held since {@link #startFireBatch()}, earliest due first (stable: a job's keep their order);
     * the fires due at one instant go as one {@link FireBatch} record (at most {@link FireBatch#MAX_FIRES} and
     * {@link FireBatch#MAX_CHARS} each), a lone fire as a record of its own. A batch is keyed by its first fire's job id: every job of this task's
     * partition has a key of this partition, so the batch lands where each of its fires would.
     */
    void endFireBatch() {
        List<FireEvent> held = batch;
        batch = null;
        if (held == null) {
            return;
        }
        held.sort(BY_DUE);
        int start = 0;
        while (start < held.size()) {
            int end = start + 1;
            long chars = FireBatch.estimatedChars(held.get(start));
            while (end < held.size()
                    && end - start < FireBatch.MAX_FIRES
                    && Objects.equals(held.get(end).dueAt(), held.get(start).dueAt())
                    && chars + FireBatch.estimatedChars(held.get(end)) <= FireBatch.MAX_CHARS) {
                chars += FireBatch.estimatedChars(held.get(end));
                end++;
            }
            writeTogether(held.subList(start, end));
            start = end;
        }
    }

    private void writeTogether(List<FireEvent> sameDue) {
        if (sameDue.size() == 1) {
            fire(sameDue.get(0));
            return;
        }
        FireEvent first = sameDue.get(0);
        forward(first.jobId(), new FireBatch(sameDue), PlannerNodes.FIRE_BATCHES_SINK);
        sameDue.forEach(meters::written);
        commitIfUrgent(first);
    }

    void result(RunResult result) {
        forward(result.jobId(), result, PlannerNodes.RESULTS_SINK);
    }

    void request(JobRequest request) {
        forward(request.jobId(), request, PlannerNodes.REQUESTS_SINK);
    }

    void incident(Incident step) {
        forward(step.incidentId(), step, PlannerNodes.ALERTS_SINK);
    }

    void workflowCommand(WorkflowCommand command) {
        forward(command.workflowId(), command, PlannerNodes.WORKFLOW_COMMANDS_SINK);
    }

    void limitCommand(LimitCommand command) {
        forward(command.limit(), command, PlannerNodes.LIMIT_COMMANDS_SINK);
    }

    void deadLetter(String key, DeadLetter letter) {
        forward(key, letter, PlannerNodes.DLQ_SINK);
        meters.deadLetter(letter);
    }

    private void forward(String key, Object value, String sink) {
        context.forward(new Record<>(key, value, clock.millis()), sink);
    }
}
