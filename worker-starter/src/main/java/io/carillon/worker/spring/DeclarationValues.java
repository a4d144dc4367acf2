package io.carillon.worker.spring;

import io.carillon.topics.FieldError;
import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.Concurrency;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RoutingStrategy;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import io.carillon.topics.events.WhenBusy;
import io.carillon.worker.DeclaredJob;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.beans.BeanWrapper;
import org.springframework.beans.PropertyAccessorFactory;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.core.env.PropertyResolver;

/**
 * The attributes of one declared job as text, by {@link DeclaredJob} attribute name (a {@code String}, or a
 * {@code List<String>} for the array attributes), and their reading into a {@link JobDefinition}: every value that
 * cannot be read becomes a {@link FieldError} naming the attribute. Not thread-safe.
 */
final class DeclarationValues {

    private static final List<String> ATTRIBUTES = Arrays.stream(DeclaredJob.class.getDeclaredMethods())
            .map(Method::getName)
            .filter(name -> !name.equals("id"))
            .sorted()
            .toList();
    private static final List<String> SCHEDULES = List.of("cron", "fixedRate", "fixedDelay", "at");

    private final Map<String, Object> values = new LinkedHashMap<>();
    private final List<FieldError> errors = new ArrayList<>();

    /** The set attributes of {@code annotation}, each {@code ${...}} resolved through {@code resolver}. */
    static DeclarationValues of(DeclaredJob annotation, PropertyResolver resolver) {
        DeclarationValues declaration = new DeclarationValues();
        for (String name : ATTRIBUTES) {
            Object value = attribute(annotation, name);
            if (value instanceof String text && !text.isEmpty()) {
                declaration.resolve(name, text, resolver).ifPresent(resolved -> declaration.values.put(name, resolved));
            } else if (value instanceof String[] texts && texts.length > 0) {
                List<String> resolved = new ArrayList<>();
                for (String text : texts) {
                    declaration.resolve(name, text, resolver).ifPresent(resolved::add);
                }
                declaration.values.put(name, resolved);
            }
        }
        return declaration;
    }

    /** No attribute set, for a job declared only in configuration. */
    static DeclarationValues none() {
        return new DeclarationValues();
    }

    /** Overrides each attribute that {@code properties} sets. */
    DeclarationValues overriddenBy(DeclaredJobProperties properties) {
        if (properties == null) {
            return this;
        }
        BeanWrapper wrapper = PropertyAccessorFactory.forBeanPropertyAccess(properties);
        for (String name : ATTRIBUTES) {
            Object value = wrapper.getPropertyValue(name);
            if (value != null) {
                values.put(name, value instanceof List<?> list ? List.copyOf(list) : value);
            }
        }
        return this;
    }

    /** The job these values declare; the problems found on the way are in {@link #errors()}. */
    JobDefinition toJob(String id, String app, String handler) {
        RetryPolicy retry = values.keySet().stream().anyMatch(name -> name.startsWith("retry"))
                ? new RetryPolicy(
                        integer("retryAttempts", 1),
                        millis("retryBackoff"),
                        decimal("retryMultiplier"),
                        millis("retryMaxBackoff"))
                : null;
        MisfirePolicy misfire = new MisfirePolicy(
                choice("misfire", MisfireStrategy.class),
                millis("misfireThreshold"),
                integer("maxCatchUp", 0),
                millis("misfireMaxLate"));
        return JobDefinition.builder(id)
                .app(app)
                .handler(handler)
                .schedule(schedule())
                .enabled(bool("enabled", true))
                .params(text("params"))
                .routing(choice("routing", RoutingStrategy.class))
                .pinnedInstances(list("pinnedInstances"))
                .blockStrategy(choice("blockStrategy", BlockStrategy.class))
                .timeoutMs(millis("timeout"))
                .concurrency(concurrency())
                .retry(retry)
                .pauseAfterFailures(optionalInteger("pauseAfterFailures"))
                .misfire(misfire)
                .children(list("children"))
                .jitterMs(millis("jitter"))
                .atMostOnce(bool("atMostOnce", false))
                .alerting(alerting())
                .description(text("description"))
                .owner(text("owner"))
                .tags(list("tags"))
                .build();
    }

    List<FieldError> errors() {
        return List.copyOf(errors);
    }

    private Schedule schedule() {
        List<String> set = SCHEDULES.stream().filter(values::containsKey).toList();
        if (set.size() > 1) {
            errors.add(new FieldError(
                    set.get(1),
                    "is set together with " + set.get(0)
                            + "; a job has one schedule: set one of cron, fixedRate, fixedDelay, at"));
        }
        Instant startAt = instant("startAt");
        Instant endAt = instant("endAt");
        String type = set.isEmpty() ? "none" : set.get(0);
        List<String> skip = list("skip");
        String onlyOn = text("onlyOn");
        return switch (type) {
            case "cron" ->
                new Schedule(ScheduleType.CRON, text("cron"), null, null, text("zone"), startAt, endAt, skip, onlyOn);
            case "fixedRate" ->
                new Schedule(
                        ScheduleType.FIXED_RATE, null, millis("fixedRate"), null, null, startAt, endAt, skip, onlyOn);
            case "fixedDelay" ->
                new Schedule(
                        ScheduleType.FIXED_DELAY, null, millis("fixedDelay"), null, null, startAt, endAt, skip, onlyOn);
            case "at" -> new Schedule(ScheduleType.ONCE, null, null, instant("at"), null, startAt, endAt, skip, onlyOn);
            default -> new Schedule(ScheduleType.NONE, null, null, null, null, startAt, endAt, skip, onlyOn);
        };
    }

    private Concurrency concurrency() {
        WhenBusy whenBusy = choice("concurrencyWhenBusy", WhenBusy.class);
        String limit = text("concurrencyLimit");
        if (limit == null && whenBusy != null) {
            errors.add(new FieldError("concurrencyLimit", "is required when concurrencyWhenBusy is set"));
        }
        return limit == null ? null : new Concurrency(limit, whenBusy);
    }

    private Alerting alerting() {
        if (values.keySet().stream().noneMatch(name -> name.startsWith("alert"))) {
            return null;
        }
        return new Alerting(
                optionalBool("alertFailed"),
                optionalInteger("alertConsecutive"),
                optionalInteger("alertRecoverAfter"),
                optionalBool("alertMissed"),
                optionalMillis("alertStartGrace"),
                optionalBool("alertNoWorker"),
                optionalMillis("alertNoWorkerGrace"),
                optionalBool("alertOverrun"),
                optionalMillis("alertMaxRuntime"),
                optionalBool("alertSlow"),
                optionalDecimal("alertSlowFactor"),
                optionalBool("alertFailureRate"),
                optionalInteger("alertFailureRatePercent"),
                optionalMillis("alertFailureRateWindow"),
                optionalInteger("alertFailureRateMinRuns"));
    }

    private String text(String name) {
        Object value = values.get(name);
        return value == null ? null : value.toString().trim();
    }

    @SuppressWarnings("unchecked")
    private List<String> list(String name) {
        Object value = values.get(name);
        if (value == null) {
            return null;
        }
        return value instanceof List<?> list
                ? ((List<String>) list).stream().map(String::trim).toList()
                : Arrays.stream(value.toString().split(",")).map(String::trim).toList();
    }

    private long millis(String name) {
        Long millis = optionalMillis(name);
        return millis == null ? 0 : millis;
    }

    private Long optionalMillis(String name) {
        String text = text(name);
        if (text == null) {
            return null;
        }
        try {
            Duration duration = DurationStyle.detectAndParse(text);
            if (duration.isNegative()) {
                errors.add(new FieldError(name, "'" + text + "' is negative; give a duration of zero or more"));
                return null;
            }
            return duration.toMillis();
        } catch (IllegalArgumentException e) {
            errors.add(new FieldError(
                    name,
                    "'" + text + "' is not a duration: write 500ms, 30s, 5m, 2h, PT5M or a"
                            + " number of milliseconds"));
            return null;
        }
    }

    private int integer(String name, int unset) {
        Integer value = optionalInteger(name);
        return value == null ? unset : value;
    }

    private Integer optionalInteger(String name) {
        return parsed(name, Integer::valueOf, "is not a whole number");
    }

    private double decimal(String name) {
        Double value = optionalDecimal(name);
        return value == null ? 1 : value;
    }

    private Double optionalDecimal(String name) {
        BigDecimal value = parsed(name, BigDecimal::new, "is not a number");
        return value == null ? null : value.doubleValue();
    }

    private boolean bool(String name, boolean unset) {
        Boolean value = optionalBool(name);
        return value == null ? unset : value;
    }

    private Boolean optionalBool(String name) {
        String text = text(name);
        if (text == null) {
            return null;
        }
        if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
            return Boolean.valueOf(text);
        }
        errors.add(new FieldError(name, "'" + text + "' is not true or false"));
        return null;
    }

    private Instant instant(String name) {
        return parsed(name, Instant::parse, "is not an ISO-8601 instant such as 2026-12-24T18:00:00Z");
    }

    /** The value of {@code name} read by {@code parser}; null when unset or unreadable (then an error says why). */
    private <T> T parsed(String name, java.util.function.Function<String, T> parser, String problem) {
        String text = text(name);
        if (text == null) {
            return null;
        }
        try {
            return parser.apply(text);
        } catch (NumberFormatException | DateTimeParseException e) {
            errors.add(new FieldError(name, "'" + text + "' " + problem));
            return null;
        }
    }

    private <E extends Enum<E>> E choice(String name, Class<E> type) {
        String text = text(name);
        if (text == null) {
            return null;
        }
        try {
            return Enum.valueOf(type, text.toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            errors.add(
                    new FieldError(name, "'" + text + "' is not one of " + Arrays.toString(type.getEnumConstants())));
            return null;
        }
    }

    private java.util.Optional<String> resolve(String name, String text, PropertyResolver resolver) {
        try {
            return java.util.Optional.of(resolver.resolveRequiredPlaceholders(text));
        } catch (IllegalArgumentException e) {
            errors.add(new FieldError(name, "'" + text + "' cannot be resolved: " + e.getMessage()));
            return java.util.Optional.empty();
        }
    }

    private static Object attribute(DeclaredJob annotation, String name) {
        try {
            return DeclaredJob.class.getMethod(name).invoke(annotation);
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read @DeclaredJob." + name, e);
        }
    }
}
