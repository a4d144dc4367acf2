package io.carillon.console.internal.jobs;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.FieldError;
import io.carillon.topics.Json;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import io.carillon.topics.schedule.Schedules;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What a person asks the planner to do about one job, each as a {@link JobRequest} on {@code requests}: pause and
 * resume its schedule (with a reason, kept in {@code job_pauses} while paused), one fire at an instant (RUN_AT), and
 * the fires of its schedule over a past range (BACKFILL, counted first and bounded by
 * {@code carillon.console.jobs.max-backfill-fires}). Each needs a caller who may operate the job's app and is audited
 * once Kafka has taken the request. Thread-safe.
 */
@Component
class JobActions {

    private final JobService jobs;
    private final JobRequests requests;
    private final PauseRepository pauses;
    private final TransactionTemplate transactions;
    private final Authorizer authorizer;
    private final AuditLog audit;
    private final JobLimits limits;
    private final JobProperties settings;
    private final Clock clock;

    JobActions(
            JobService jobs,
            JobRequests requests,
            PauseRepository pauses,
            PlatformTransactionManager transactionManager,
            Authorizer authorizer,
            AuditLog audit,
            JobApiProperties apiProperties,
            JobProperties settings,
            Clock clock) {
        this.jobs = jobs;
        this.requests = requests;
        this.pauses = pauses;
        this.transactions = new TransactionTemplate(transactionManager);
        this.authorizer = authorizer;
        this.audit = audit;
        this.limits = new JobLimits(apiProperties);
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * Stops job {@code jobId}'s schedule (its pending scheduled fires are cancelled by the planner); runs by hand
     * still work.
     *
     * @return the request id
     * @throws InvalidInputException when {@code reason} is missing or too long
     * @throws JobNotFoundException when there is no such job
     */
    public String pause(String jobId, String reason) {
        requireReason(reason, true);
        JobDefinition job = operable(jobId);
        JobRequest sent =
                requests.send(jobId, origin -> request(origin, jobId, RequestType.PAUSE, null, null, null, null));
        transactions.executeWithoutResult(status -> {
            pauses.pause(jobId, reason, sent.requestedBy(), sent.requestedAt());
            record(AuditAction.JOB_PAUSE, job, sent, "reason", reason);
        });
        return sent.requestId();
    }

    /**
     * Restarts job {@code jobId}'s schedule from now; {@code reason} is optional.
     *
     * @return the request id
     */
    public String resume(String jobId, String reason) {
        requireReason(reason, false);
        JobDefinition job = operable(jobId);
        JobRequest sent =
                requests.send(jobId, origin -> request(origin, jobId, RequestType.RESUME, null, null, null, null));
        transactions.executeWithoutResult(status -> {
            pauses.resume(jobId);
            record(AuditAction.JOB_RESUME, job, sent, "reason", reason);
        });
        return sent.requestId();
    }

    /**
     * One fire of job {@code jobId} at {@code at} (not in the past, at most {@code max-run-at-ahead} ahead), with
     * {@code params} (null: the job's own); also for a disabled or paused job.
     *
     * @return the request id
     */
    public String runAt(String jobId, Instant at, String params) {
        Instant now = clock.instant();
        List<FieldError> problems = new ArrayList<>();
        if (at == null) {
            problems.add(new FieldError("at", "is required: the instant of the fire"));
        } else if (at.isBefore(now)) {
            problems.add(new FieldError("at", at + " is in the past (now is " + now + "); use run now instead"));
        } else if (at.isAfter(now.plus(settings.getMaxRunAtAhead()))) {
            problems.add(new FieldError(
                    "at", at + " is more than " + settings.getMaxRunAtAhead().toDays() + " days ahead"));
        }
        Optional.ofNullable(limits.paramsProblem(params)).ifPresent(problems::add);
        if (!problems.isEmpty()) {
            throw InvalidInputException.of(problems);
        }
        JobDefinition job = operable(jobId);
        JobRequest sent =
                requests.send(jobId, origin -> request(origin, jobId, RequestType.RUN_AT, at, null, null, params));
        transactions.executeWithoutResult(status -> record(AuditAction.JOB_RUN_AT, job, sent, "at", at.toString()));
        return sent.requestId();
    }

    /**
     * Counts the fires of job {@code jobId}'s schedule in {@code [from, to]} (a past range) and, unless
     * {@code dryRun}, asks the planner to make them, kind BACKFILL, with {@code params} (null: the job's own).
     *
     * @throws InvalidInputException when the range is missing, reversed, in the future, holds no fire or more
     *         than {@code max-backfill-fires}
     */
    public BackfillPlan backfill(String jobId, Instant from, Instant to, String params, boolean dryRun) {
        requireRange(from, to);
        FieldError paramsProblem = limits.paramsProblem(params);
        if (paramsProblem != null) {
            throw InvalidInputException.of(List.of(paramsProblem));
        }
        JobDefinition job = operable(jobId);
        BackfillPlan plan = count(job.schedule(), from, to);
        if (dryRun) {
            return plan;
        }
        JobRequest sent =
                requests.send(jobId, origin -> request(origin, jobId, RequestType.BACKFILL, null, from, to, params));
        transactions.executeWithoutResult(
                status -> record(AuditAction.JOB_BACKFILL, job, sent, "fires", Integer.toString(plan.fires())));
        return plan.sent(sent.requestId());
    }

    private BackfillPlan count(Schedule schedule, Instant from, Instant to) {
        int max = settings.getMaxBackfillFires();
        Instant first = schedule.type() == ScheduleType.FIXED_DELAY
                ? from
                : Schedules.nextAfter(schedule, from.minusMillis(1)).orElse(null);
        Instant last = null;
        int fires = 0;
        for (Instant next = first;
                next != null && !next.isAfter(to);
                next = Schedules.nextAfter(schedule, next).orElse(null)) {
            if (fires == max) {
                throw InvalidInputException.of(
                        "to",
                        "[" + from + ", " + to + "] holds more than " + max
                                + " fires of the job's schedule; backfill a shorter range");
            }
            last = next;
            fires++;
        }
        if (fires == 0) {
            throw InvalidInputException.of(
                    "from",
                    "the job's schedule (" + Schedules.describe(schedule) + ") has no fire in [" + from + ", " + to
                            + "]; nothing to backfill");
        }
        return new BackfillPlan(null, fires, first, last);
    }

    private void requireRange(Instant from, Instant to) {
        List<FieldError> problems = new ArrayList<>();
        Instant now = clock.instant();
        if (from == null) {
            problems.add(new FieldError("from", "is required: the first instant of the range"));
        }
        if (to == null) {
            problems.add(new FieldError("to", "is required: the last instant of the range"));
        } else if (to.isAfter(now)) {
            problems.add(
                    new FieldError("to", to + " is in the future (now is " + now + "); a backfill covers the past"));
        } else if (from != null && to.isBefore(from)) {
            problems.add(new FieldError("to", "must not be before from"));
        }
        if (!problems.isEmpty()) {
            throw InvalidInputException.of(problems);
        }
    }

    private void requireReason(String reason, boolean required) {
        if (reason == null || reason.isBlank()) {
            if (required) {
                throw InvalidInputException.of("reason", "is required: say why the job is paused");
            }
            return;
        }
        if (reason.length() > settings.getMaxReasonLength()) {
            throw InvalidInputException.of(
                    "reason",
                    "is " + reason.length() + " characters; at most " + settings.getMaxReasonLength() + " are allowed");
        }
    }

    private JobDefinition operable(String jobId) {
        JobDefinition job = jobs.find(jobId).orElseThrow(() -> new JobNotFoundException(jobId));
        authorizer.requireOperate(job.app());
        return job;
    }

    private void record(AuditAction action, JobDefinition job, JobRequest sent, String field, String value) {
        Map<String, String> after = new LinkedHashMap<>();
        after.put("requestId", sent.requestId());
        if (value != null) {
            after.put(field, value);
        }
        audit.record(
                action,
                JobService.TARGET_TYPE,
                job.id(),
                job.app(),
                null,
                Json.mapper().writeValueAsString(after),
                AuditOutcome.OK);
    }

    private static JobRequest request(
            JobRequests.Origin origin,
            String jobId,
            RequestType type,
            Instant at,
            Instant from,
            Instant to,
            String params) {
        return new JobRequest(
                JobRequest.SCHEMA_VERSION,
                origin.requestId(),
                jobId,
                type,
                at,
                from,
                to,
                params,
                null,
                origin.requestedBy(),
                origin.requestedAt());
    }
}
