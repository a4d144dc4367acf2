package io.carillon.topics;

import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.WorkflowRef;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rules a job definition and a request must follow, shared by the console (400 answers) and the planner (dead
 * letters). Stateless and thread-safe.
 */
public final class JobValidator {

    /** A job id: a slug of 1 to 128 characters. */
    public static final Pattern JOB_ID = Pattern.compile("[a-z0-9][a-z0-9._-]{0,127}");
    /** A tag: a slug of 1 to 64 characters, like a job id but shorter. */
    public static final Pattern TAG = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");
    /** The most tags a job may have. */
    public static final int MAX_TAGS = 16;
    /** The shortest {@code alerting.maxRuntimeMs}: 1 s. */
    public static final long MIN_MAX_RUNTIME_MS = 1_000;
    /** The longest {@code alerting.maxRuntimeMs}: 30 days. */
    public static final long MAX_MAX_RUNTIME_MS = 30L * 24 * 3_600_000;
    /** The largest {@code alerting.slowFactor} (the smallest is above 1). */
    public static final double MAX_SLOW_FACTOR = 100;
    /** The shortest {@code alerting.failureRateWindowMs}: 1 minute. */
    public static final long MIN_FAILURE_RATE_WINDOW_MS = 60_000;
    /** The longest {@code alerting.failureRateWindowMs}: 1 day. */
    public static final long MAX_FAILURE_RATE_WINDOW_MS = 24 * 3_600_000L;
    /** The largest {@code alerting.failureRateMinRuns}. */
    public static final int MAX_FAILURE_RATE_MIN_RUNS = 10_000;

    /** The largest {@code pauseAfterFailures}. */
    public static final int MAX_PAUSE_AFTER_FAILURES = 1_000;
    /**
     * The shortest {@code misfire.maxLateMs} above 0: 1 s, so the few milliseconds a fire normally takes to reach a
     * worker never skip it.
     */
    public static final long MIN_MAX_LATE_MS = 1_000;
    /** The longest {@code misfire.maxLateMs}: 30 days. */
    public static final long MAX_MAX_LATE_MS = 30L * 24 * 3_600_000;

    private JobValidator() {}

    public static boolean isValidJobId(String id) {
        return id != null && JOB_ID.matcher(id).matches();
    }

    public static boolean isValidTag(String tag) {
        return tag != null && TAG.matcher(tag).matches();
    }

    private static boolean isMissing(String value) {
        return value == null || value.isBlank();
    }

    /** The problems with {@code job}; empty when it is valid. */
    public static List<FieldError> validate(JobDefinition job) {
        List<FieldError> errors = new ArrayList<>();
        if (isMissing(job.id())) {
            errors.add(new FieldError("id", "is required"));
        } else if (!isValidJobId(job.id())) {
            errors.add(
                    new FieldError(
                            "id",
                            "'" + job.id()
                                    + "' is not a valid job id: use 1 to 128 characters of a-z, 0-9, '.', '_' or '-', starting with a letter or digit"));
        }
        if (isMissing(job.app())) {
            errors.add(new FieldError("app", "is required"));
        } else if (!TopicCatalog.isValidAppName(job.app())) {
            errors.add(
                    new FieldError(
                            "app",
                            "'" + job.app()
                                    + "' is not a valid app name: use 1 to 100 characters of a-z, 0-9, '.', '_' or '-', starting with a letter or digit"));
        }
        if (isMissing(job.handler())) {
            errors.add(new FieldError("handler", "is required"));
        }
        errors.addAll(validateTags(job.tags()));
        errors.addAll(ScheduleValidator.validate(job.schedule(), "schedule"));
        if (job.timeoutMs() < 0) {
            errors.add(new FieldError("timeoutMs", "must not be negative"));
        }
        if (job.jitterMs() < 0) {
            errors.add(new FieldError("jitterMs", "must not be negative"));
        }
        for (String child : job.children()) {
            if (!isValidJobId(child)) {
                errors.add(new FieldError("children", "'" + child + "' is not a valid job id"));
            }
        }
        if (job.alerting() != null) {
            errors.addAll(validate(job.alerting()));
        }
        errors.addAll(validateProtection(job));
        errors.addAll(LimitValidator.validate(job.concurrency(), job.routing()));
        return errors;
    }

    private static List<FieldError> validateProtection(JobDefinition job) {
        List<FieldError> errors = new ArrayList<>();
        Integer pauseAfter = job.pauseAfterFailures();
        if (pauseAfter != null && (pauseAfter < 1 || pauseAfter > MAX_PAUSE_AFTER_FAILURES)) {
            errors.add(new FieldError(
                    "pauseAfterFailures",
                    "must be from 1 to " + MAX_PAUSE_AFTER_FAILURES + " (0 or absent: never pause)"));
        }
        long maxLate = job.misfire().maxLateMs();
        if (maxLate != 0 && (maxLate < MIN_MAX_LATE_MS || maxLate > MAX_MAX_LATE_MS)) {
            errors.add(new FieldError(
                    "misfire.maxLateMs",
                    "must be 0 (no limit) or from " + MIN_MAX_LATE_MS + " (1 s) to " + MAX_MAX_LATE_MS + " (30 days)"));
        }
        return errors;
    }

    private static List<FieldError> validateTags(List<String> tags) {
        List<FieldError> errors = new ArrayList<>();
        if (tags.size() > MAX_TAGS) {
            errors.add(new FieldError("tags", "has " + tags.size() + " tags; at most " + MAX_TAGS + " are allowed"));
        }
        for (int i = 0; i < tags.size(); i++) {
            String tag = tags.get(i);
            if (!isValidTag(tag)) {
                errors.add(new FieldError(
                        "tags[" + i + "]",
                        "'" + tag
                                + "' is not a valid tag: use 1 to 64 characters of a-z, 0-9, '.', '_' or '-', starting with"
                                + " a letter or digit"));
            } else if (tags.indexOf(tag) < i) {
                errors.add(new FieldError("tags[" + i + "]", "'" + tag + "' is listed twice"));
            }
        }
        return errors;
    }

    /** The problems with {@code alerting} (a job's, or the analytics app's defaults), each under {@code alerting.}. */
    public static List<FieldError> validate(Alerting alerting) {
        List<FieldError> errors = new ArrayList<>();
        if (alerting.consecutive() != null && alerting.consecutive() < 1) {
            errors.add(new FieldError("alerting.consecutive", "must be at least 1"));
        }
        if (alerting.recoverAfter() != null && alerting.recoverAfter() < 1) {
            errors.add(new FieldError("alerting.recoverAfter", "must be at least 1"));
        }
        if (alerting.startGraceMs() != null && alerting.startGraceMs() < 0) {
            errors.add(new FieldError("alerting.startGraceMs", "must not be negative"));
        }
        if (alerting.noWorkerGraceMs() != null && alerting.noWorkerGraceMs() < 0) {
            errors.add(new FieldError("alerting.noWorkerGraceMs", "must not be negative"));
        }
        Long maxRuntime = alerting.maxRuntimeMs();
        if (maxRuntime != null && (maxRuntime < MIN_MAX_RUNTIME_MS || maxRuntime > MAX_MAX_RUNTIME_MS)) {
            errors.add(new FieldError(
                    "alerting.maxRuntimeMs",
                    "must be from " + MIN_MAX_RUNTIME_MS + " to " + MAX_MAX_RUNTIME_MS + " (30 days)"));
        }
        Double factor = alerting.slowFactor();
        if (factor != null && !(factor > 1 && factor <= MAX_SLOW_FACTOR)) {
            errors.add(new FieldError("alerting.slowFactor", "must be above 1 and at most " + MAX_SLOW_FACTOR));
        }
        Integer percent = alerting.failureRatePercent();
        if (percent != null && (percent < 1 || percent > 99)) {
            errors.add(new FieldError("alerting.failureRatePercent", "must be from 1 to 99"));
        }
        Long window = alerting.failureRateWindowMs();
        if (window != null && (window < MIN_FAILURE_RATE_WINDOW_MS || window > MAX_FAILURE_RATE_WINDOW_MS)) {
            errors.add(new FieldError(
                    "alerting.failureRateWindowMs",
                    "must be from " + MIN_FAILURE_RATE_WINDOW_MS + " (1 minute) to " + MAX_FAILURE_RATE_WINDOW_MS
                            + " (1 day)"));
        }
        Integer minRuns = alerting.failureRateMinRuns();
        if (minRuns != null && (minRuns < 1 || minRuns > MAX_FAILURE_RATE_MIN_RUNS)) {
            errors.add(new FieldError("alerting.failureRateMinRuns", "must be from 1 to " + MAX_FAILURE_RATE_MIN_RUNS));
        }
        return errors;
    }

    /** The problems with {@code request}; empty when it is valid. */
    public static List<FieldError> validate(JobRequest request) {
        List<FieldError> errors = new ArrayList<>();
        if (request.requestId() == null || request.requestId().isBlank()) {
            errors.add(new FieldError("requestId", "is required"));
        }
        if (!isValidJobId(request.jobId())) {
            errors.add(new FieldError("jobId", "'" + request.jobId() + "' is not a valid job id"));
        }
        if (request.type() == null) {
            errors.add(new FieldError("type", "is required"));
            return errors;
        }
        switch (request.type()) {
            case RUN_AT -> {
                if (request.at() == null) {
                    errors.add(new FieldError("at", "is required for RUN_AT"));
                }
            }
            case BACKFILL -> {
                if (request.from() == null) {
                    errors.add(new FieldError("from", "is required for BACKFILL"));
                }
                if (request.to() == null) {
                    errors.add(new FieldError("to", "is required for BACKFILL"));
                } else if (request.from() != null && request.to().isBefore(request.from())) {
                    errors.add(new FieldError("to", "must not be before from"));
                }
            }
            default -> {}
        }
        if (request.workflow() != null) {
            errors.addAll(validateWorkflowRef(request));
        }
        return errors;
    }

    private static List<FieldError> validateWorkflowRef(JobRequest request) {
        List<FieldError> errors = new ArrayList<>();
        WorkflowRef ref = request.workflow();
        if (request.type() != RequestType.RUN_NOW) {
            errors.add(new FieldError("workflow", "is only allowed on RUN_NOW"));
        }
        if (!isValidJobId(ref.workflowId())) {
            errors.add(new FieldError("workflow.workflowId", "'" + ref.workflowId() + "' is not a valid workflow id"));
        }
        if (ref.instanceId() == null || ref.instanceId().isBlank()) {
            errors.add(new FieldError("workflow.instanceId", "is required"));
        }
        if (!WorkflowValidator.isValidNodeId(ref.nodeId())) {
            errors.add(new FieldError("workflow.nodeId", "'" + ref.nodeId() + "' is not a valid node id"));
        }
        if (WorkflowRef.contextChars(ref.context()) > WorkflowRef.MAX_CONTEXT_CHARS) {
            errors.add(new FieldError(
                    "workflow.context", "holds more than " + WorkflowRef.MAX_CONTEXT_CHARS + " characters"));
        }
        return errors;
    }
}
