package io.carillon.worker.spring;

import io.carillon.topics.FieldError;
import io.carillon.topics.JobValidator;
import io.carillon.topics.events.AppDeclarations;
import io.carillon.topics.events.JobDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.core.env.PropertyResolver;

/**
 * Reads the jobs an app declares, with {@code @DeclaredJob} on its handler methods and through
 * {@code carillon.worker.jobs.<id>.*} (which also override the annotations' attributes), into job definitions
 * checked by {@link JobValidator}. Misdeclarations are refused all at once, each naming where the job is declared and
 * the attribute at fault.
 */
final class JobDeclarations {

    private static final String PROPERTY_PREFIX = "carillon.worker.jobs.";

    private JobDeclarations() {}

    /**
     * The jobs declared by {@code annotated} and {@code configured}, in order of declaration.
     *
     * @param handlers the names of the handlers of app {@code app}; a declared job must run one of them
     * @throws IllegalStateException naming each misdeclaration: a value that cannot be read or breaks a job's rules,
     *         an id declared twice, a handler that is not one of {@code handlers}, too many jobs
     */
    static List<JobDefinition> read(
            List<JobHandlerMethods.AnnotatedDeclaration> annotated,
            Map<String, DeclaredJobProperties> configured,
            String app,
            Set<String> handlers,
            PropertyResolver resolver) {
        Map<String, String> sources = new LinkedHashMap<>();
        List<JobDefinition> jobs = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (JobHandlerMethods.AnnotatedDeclaration declaration : annotated) {
            String id = resolver.resolvePlaceholders(declaration.annotation().id());
            String source = "@DeclaredJob(id = \"" + id + "\") on " + declaration.location();
            DeclaredJobProperties overrides = configured.get(id);
            String handler = overrides != null && overrides.getHandler() != null
                    ? overrides.getHandler()
                    : declaration.handler();
            DeclarationValues values =
                    DeclarationValues.of(declaration.annotation(), resolver).overriddenBy(overrides);
            add(id, source, values, app, handler, handlers, sources, jobs, problems);
        }
        configured.forEach((id, properties) -> {
            if (!sources.containsKey(id)) {
                DeclarationValues values = DeclarationValues.none().overriddenBy(properties);
                add(id, PROPERTY_PREFIX + id, values, app, properties.getHandler(), handlers, sources, jobs, problems);
            }
        });
        if (jobs.size() > AppDeclarations.MAX_JOBS) {
            problems.add("app '" + app + "' declares " + jobs.size() + " jobs; at most " + AppDeclarations.MAX_JOBS
                    + " may be declared in code or configuration");
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException(
                    "invalid job declarations of app '" + app + "':\n  - " + String.join("\n  - ", problems));
        }
        return List.copyOf(jobs);
    }

    private static void add(
            String id,
            String source,
            DeclarationValues values,
            String app,
            String handler,
            Set<String> handlers,
            Map<String, String> sources,
            List<JobDefinition> jobs,
            List<String> problems) {
        String earlier = sources.putIfAbsent(id, source);
        if (earlier != null) {
            problems.add("job '" + id + "' is declared twice: by " + earlier + " and by " + source
                    + "; give each declaration its own id");
            return;
        }
        JobDefinition job = values.toJob(id, app, handler);
        List<FieldError> errors = new ArrayList<>(values.errors());
        JobValidator.validate(job).stream()
                .filter(error -> !error.field().equals("handler"))
                .map(JobDeclarations::attributeOf)
                .forEach(errors::add);
        if (handler == null || handler.isBlank()) {
            errors.add(new FieldError(
                    "handler",
                    "is required for a job declared in configuration: set " + PROPERTY_PREFIX + id
                            + ".handler to one of this app's handlers " + handlers));
        } else if (!handlers.contains(handler)) {
            errors.add(new FieldError(
                    "handler",
                    "'" + handler + "' is not a handler of app '" + app + "'; its handlers are " + handlers));
        }
        if (errors.isEmpty()) {
            jobs.add(job);
            return;
        }
        problems.add(source + ": "
                + errors.stream()
                        .distinct()
                        .map(error -> error.field() + ": " + error.message())
                        .collect(Collectors.joining("; ")));
    }

    /** The error with its field named as the {@code @DeclaredJob} attribute it comes from. */
    private static FieldError attributeOf(FieldError error) {
        String field = error.field().replaceFirst("^schedule\\.", "");
        field = switch (field) {
            case "intervalMs" -> "fixedRate/fixedDelay";
            case "timeoutMs" -> "timeout";
            case "concurrency.limit" -> "concurrencyLimit";
            case "jitterMs" -> "jitter";
            case "alerting.consecutive" -> "alertConsecutive";
            case "alerting.recoverAfter" -> "alertRecoverAfter";
            case "alerting.startGraceMs" -> "alertStartGrace";
            case "alerting.noWorkerGraceMs" -> "alertNoWorkerGrace";
            case "alerting.maxRuntimeMs" -> "alertMaxRuntime";
            case "alerting.slowFactor" -> "alertSlowFactor";
            case "alerting.failureRatePercent" -> "alertFailureRatePercent";
            case "alerting.failureRateWindowMs" -> "alertFailureRateWindow";
            case "alerting.failureRateMinRuns" -> "alertFailureRateMinRuns";
            default -> field;
        };
        return new FieldError(field, error.message());
    }
}
