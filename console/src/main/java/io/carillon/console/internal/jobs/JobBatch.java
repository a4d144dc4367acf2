package io.carillon.console.internal.jobs;

import io.carillon.console.internal.kafka.PublishException;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.FieldError;
import io.carillon.topics.JobValidator;
import java.util.ArrayList;
import java.util.List;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Component;

/**
 * One action on many jobs ({@code POST /api/v1/jobs:batch}): each id is handled on its own, through the same
 * services, checks and audit entries as the single-job endpoints, and gets its own outcome; one failing id does not
 * stop the others. At most {@code carillon.console.jobs.max-batch-ids} ids. Thread-safe.
 */
@Component
class JobBatch {

    /** What a batch does to each job. */
    public enum Action {
        ENABLE,
        DISABLE,
        RUN,
        DELETE
    }

    /** How one id went: done, nothing to do, no such job, not allowed, or Kafka did not take it. */
    public enum Outcome {
        OK,
        UNCHANGED,
        NOT_FOUND,
        FORBIDDEN,
        CONFLICT,
        FAILED
    }

    /** The outcome of one id; {@code requestId} for RUN, {@code version} the job's version after ENABLE/DISABLE. */
    public record Result(String id, Outcome outcome, String message, String requestId, Long version) {

        static Result of(String id, Outcome outcome, String message) {
            return new Result(id, outcome, message, null, null);
        }
    }

    private final JobService jobs;
    private final RunNowPublisher runNow;
    private final int maxIds;

    JobBatch(JobService jobs, RunNowPublisher runNow, JobProperties jobProperties) {
        this.jobs = jobs;
        this.runNow = runNow;
        this.maxIds = jobProperties.getMaxBatchIds();
    }

    /**
     * Applies {@code action} to each of {@code ids}, in order.
     *
     * @throws InvalidInputException when the action is missing, or the ids are missing, too many, repeated or not
     *         job ids
     */
    public List<Result> apply(Action action, List<String> ids) {
        requireValid(action, ids);
        List<Result> results = new ArrayList<>(ids.size());
        for (String id : ids) {
            results.add(applyOne(action, id));
        }
        return results;
    }

    private Result applyOne(Action action, String id) {
        try {
            return switch (action) {
                case ENABLE, DISABLE -> enable(id, action == Action.ENABLE);
                case RUN -> new Result(id, Outcome.OK, "run requested", runNow.runNow(id, null), null);
                case DELETE -> {
                    jobs.delete(id);
                    yield Result.of(id, Outcome.OK, "deleted");
                }
            };
        } catch (JobNotFoundException e) {
            return Result.of(id, Outcome.NOT_FOUND, e.getMessage());
        } catch (AccessDeniedException e) {
            return Result.of(id, Outcome.FORBIDDEN, e.getMessage());
        } catch (ManagedJobException e) {
            return Result.of(id, Outcome.CONFLICT, e.getMessage());
        } catch (PublishException e) {
            return Result.of(id, Outcome.FAILED, "could not publish to Kafka, try again: " + e.getMessage());
        }
    }

    private Result enable(String id, boolean enabled) {
        JobService.EnabledChange change = jobs.setEnabled(id, enabled);
        String state = enabled ? "enabled" : "disabled";
        return change.changed()
                ? new Result(id, Outcome.OK, state, null, change.job().version())
                : new Result(
                        id,
                        Outcome.UNCHANGED,
                        "was " + state + " already",
                        null,
                        change.job().version());
    }

    private void requireValid(Action action, List<String> ids) {
        List<FieldError> problems = new ArrayList<>();
        if (action == null) {
            problems.add(new FieldError("action", "is required: one of ENABLE, DISABLE, RUN, DELETE"));
        }
        if (ids == null || ids.isEmpty()) {
            problems.add(new FieldError("ids", "is required: the ids of the jobs"));
        } else if (ids.size() > maxIds) {
            problems.add(new FieldError("ids", "has " + ids.size() + " ids; at most " + maxIds + " are allowed"));
        } else {
            for (int i = 0; i < ids.size(); i++) {
                String id = ids.get(i);
                if (!JobValidator.isValidJobId(id)) {
                    problems.add(new FieldError("ids[" + i + "]", "'" + id + "' is not a valid job id"));
                } else if (ids.indexOf(id) < i) {
                    problems.add(new FieldError("ids[" + i + "]", "'" + id + "' is listed twice"));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw InvalidInputException.of(problems);
        }
    }
}
