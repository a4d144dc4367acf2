package io.carillon.console.internal.exchange;

import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.console.internal.web.JsonBodies;
import io.carillon.topics.FieldError;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.WorkflowDefinition;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Jobs, workflows, calendars and concurrency limits from one installation to another:
 * {@code GET /api/v1/export?app=...} answers a {@link JobsDocument} (as a download),
 * {@code POST /api/v1/import?dryRun=&prune=} takes one and answers the {@link ImportResult}.
 */
@RestController
class ExchangeController {

    private final JobExchange exchange;

    ExchangeController(JobExchange exchange) {
        this.exchange = exchange;
    }

    @GetMapping("/api/v1/export")
    ResponseEntity<JobsDocument> export(@RequestParam(name = "app", required = false) List<String> apps) {
        JobsDocument document = exchange.export(apps == null ? Set.of() : new LinkedHashSet<>(apps));
        String file = "carillon-jobs-" + LocalDate.ofInstant(document.exportedAt(), ZoneOffset.UTC) + ".json";
        return ResponseEntity.ok()
                .header(
                        HttpHeaders.CONTENT_DISPOSITION,
                        ContentDisposition.attachment().filename(file).build().toString())
                .body(document);
    }

    @PostMapping("/api/v1/import")
    ImportResult importJobs(
            @RequestBody(required = false) String body,
            @RequestParam(defaultValue = "false") boolean dryRun,
            @RequestParam(defaultValue = "false") boolean prune) {
        return exchange.apply(document(JsonBodies.object(body)), dryRun, prune);
    }

    /** The document in {@code node}; refused naming every problem, those of reading and those of the rules. */
    private JobsDocument document(ObjectNode node) {
        List<FieldError> errors = new ArrayList<>();
        JsonNode jobsNode = node.get("jobs");
        List<JobDefinition> jobs;
        if (jobsNode == null || !jobsNode.isArray()) {
            errors.add(new FieldError("jobs", "is required: an array of job definitions"));
            jobs = List.of();
        } else {
            jobs = definitions(
                    jobsNode, "jobs", definition -> JsonBodies.userDefinition(definition, JobDefinition.class), errors);
        }
        List<String> apps = new ArrayList<>();
        JsonNode appsNode = node.get("apps");
        if (appsNode != null && appsNode.isArray()) {
            appsNode.forEach(app -> apps.add(app.asString()));
        } else if (appsNode != null && !appsNode.isNull()) {
            errors.add(new FieldError("apps", "must be an array of app names"));
        }
        List<WorkflowDefinition> workflows = optional(
                node.get("workflows"),
                "workflows",
                definition -> JsonBodies.userDefinition(definition, WorkflowDefinition.class),
                errors);
        List<Calendar> calendars = optional(
                node.get("calendars"),
                "calendars",
                definition -> JsonBodies.convert(definition, Calendar.class),
                errors);
        List<ConcurrencyLimit> limits = optional(
                node.get("limits"),
                "limits",
                definition -> JsonBodies.convert(definition, ConcurrencyLimit.class),
                errors);
        JobsDocument document = new JobsDocument(
                node.path("format").asString(null),
                node.path("version").asInt(0),
                null,
                apps,
                jobs,
                workflows,
                calendars,
                limits);
        errors.addAll(exchange.problems(document));
        if (!errors.isEmpty()) {
            throw InvalidInputException.of(errors);
        }
        return document;
    }

    /**
     * The definitions in field {@code name} ({@code node}) of a document that may leave them out: null when it does
     * (absent or null).
     */
    private static <T> List<T> optional(
            JsonNode node, String name, Function<ObjectNode, T> reader, List<FieldError> errors) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isArray()) {
            errors.add(new FieldError(name, "must be an array of " + name));
            return null;
        }
        return definitions(node, name, reader, errors);
    }

    /** Each element of {@code array} as {@code reader} reads it; null for one with errors, which go to {@code errors}. */
    private static <T> List<T> definitions(
            JsonNode array, String name, Function<ObjectNode, T> reader, List<FieldError> errors) {
        List<T> definitions = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            try {
                if (!(array.get(i) instanceof ObjectNode definition)) {
                    throw InvalidInputException.of("", "is not a JSON object");
                }
                definitions.add(reader.apply(definition));
            } catch (InvalidInputException e) {
                definitions.add(null);
                for (FieldError error : e.fieldErrors()) {
                    String field = error.field().isEmpty() ? "" : "." + error.field();
                    errors.add(new FieldError(name + "[" + i + "]" + field, error.message()));
                }
            }
        }
        return definitions;
    }
}
