package io.carillon.topics;

import io.carillon.topics.events.Concurrency;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.LimitCommand;
import io.carillon.topics.events.LimitCommandType;
import io.carillon.topics.events.RoutingStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rules a {@link ConcurrencyLimit} and a job's {@link Concurrency} follow, shared by the console (400 answers) and
 * the planner (dead letters), each problem naming its field. Stateless and thread-safe.
 */
public final class LimitValidator {

    /** A limit id: a slug of 1 to 128 characters, like a job id. */
    public static final Pattern LIMIT_ID = JobValidator.JOB_ID;
    /** The largest {@code max} of a limit. */
    public static final int MAX_MAX = 10_000;
    /** The longest description. */
    public static final int MAX_DESCRIPTION_LENGTH = 1_000;

    private LimitValidator() {}

    public static boolean isValidLimitId(String id) {
        return id != null && LIMIT_ID.matcher(id).matches();
    }

    /** The problems with {@code limit}; empty when it is valid. */
    public static List<FieldError> validate(ConcurrencyLimit limit) {
        List<FieldError> errors = new ArrayList<>();
        if (!isValidLimitId(limit.id())) {
            errors.add(new FieldError("id", notAnId(limit.id())));
        }
        if (limit.max() < 1 || limit.max() > MAX_MAX) {
            errors.add(new FieldError("max", "must be from 1 to " + MAX_MAX + ", was " + limit.max()));
        }
        if (limit.description() != null && limit.description().length() > MAX_DESCRIPTION_LENGTH) {
            errors.add(new FieldError("description", "must be at most " + MAX_DESCRIPTION_LENGTH + " characters"));
        }
        return errors;
    }

    /** The problems with a job's {@code concurrency} (null: none) under {@code routing}, each under {@code concurrency.}. */
    public static List<FieldError> validate(Concurrency concurrency, RoutingStrategy routing) {
        List<FieldError> errors = new ArrayList<>();
        if (concurrency == null) {
            return errors;
        }
        if (!isValidLimitId(concurrency.limit())) {
            errors.add(new FieldError("concurrency.limit", notAnId(concurrency.limit())));
        }
        if (routing == RoutingStrategy.SHARDING_BROADCAST) {
            errors.add(
                    new FieldError(
                            "concurrency",
                            "is not allowed with routing SHARDING_BROADCAST: a fire runs on every worker, one slot cannot hold it"));
        }
        return errors;
    }

    /** Why the {@code limits} record {@code value} under {@code key} is not usable; null when it is. */
    public static String recordProblem(String key, byte[] value) {
        try {
            ConcurrencyLimit limit = EventSerdes.LIMIT.deserialize(null, value);
            List<FieldError> errors = validate(limit);
            if (!errors.isEmpty()) {
                return "not a valid limit: " + errors;
            }
            return key.equals(limit.id()) ? null : "its id '" + limit.id() + "' is not its key";
        } catch (InvalidEventException e) {
            return "unparsable: " + e.getMessage();
        }
    }

    /** The problems with {@code command}, read under {@code key}; empty when it is valid. */
    public static List<FieldError> validate(LimitCommand command, String key) {
        List<FieldError> errors = new ArrayList<>();
        if (command.type() == null) {
            errors.add(new FieldError("type", "is required"));
        }
        if (!isValidLimitId(command.limit())) {
            errors.add(new FieldError("limit", notAnId(command.limit())));
        } else if (!command.limit().equals(key)) {
            errors.add(
                    new FieldError("limit", "'" + command.limit() + "' does not match the record key '" + key + "'"));
        }
        if (command.type() == LimitCommandType.WITHDRAW) {
            if (command.jobId() == null || command.jobId().isBlank()) {
                errors.add(new FieldError("jobId", "is required on WITHDRAW"));
            }
        } else if (command.fireId() == null || command.fireId().isBlank()) {
            errors.add(new FieldError("fireId", "is required"));
        }
        if (command.type() == LimitCommandType.ACQUIRE) {
            FireEvent fire = command.fire();
            if (fire == null || fire.limit() == null || fire.jobId() == null) {
                errors.add(new FieldError("fire", "is required on ACQUIRE, with its jobId and limit"));
            } else if (!fire.fireId().equals(command.fireId())
                    || !fire.limit().name().equals(command.limit())) {
                errors.add(new FieldError(
                        "fire", "must be the fire " + command.fireId() + " claiming " + command.limit()));
            }
        }
        return errors;
    }

    private static String notAnId(String id) {
        return "'" + id + "' is not a valid limit id: use 1 to 128 characters of a-z, 0-9, '.', '_' or '-', starting"
                + " with a letter or digit";
    }
}
