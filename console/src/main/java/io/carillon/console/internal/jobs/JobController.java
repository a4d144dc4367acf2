package io.carillon.console.internal.jobs;

import io.carillon.console.internal.jobs.SchedulePreviewer.FireTimes;
import io.carillon.console.internal.web.JsonBodies;
import io.carillon.console.internal.web.Limits;
import io.carillon.topics.Json;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.ScheduleType;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code /api/v1/jobs}: job CRUD, run now, detach and the schedule preview. A job an app declares in its code
 * carries {@code managedBy} ({@code app}, {@code version}, {@code orphaned}); replacing or deleting it answers 409
 * until it is detached. A job body is a JobDefinition without
 * {@code version} and {@code schemaVersion} (the console assigns them; sent values are ignored), {@code enabled}
 * defaults to true (also when sent as null), and unknown fields are refused. The list is paged by id:
 * {@code nextCursor} of an answer is the {@code cursor} of the next page; blank filters count as absent.
 */
@RestController
@RequestMapping("/api/v1/jobs")
class JobController {

    private final JobService jobs;
    private static final List<String> WORDS_LANGUAGES = List.of("en", "zh");

    private final JobListing listing;
    private final RunNowPublisher runNow;
    private final SchedulePreviewer previewer;
    private final JobApiProperties limits;

    JobController(
            JobService jobs,
            JobListing listing,
            RunNowPublisher runNow,
            SchedulePreviewer previewer,
            JobApiProperties limits) {
        this.jobs = jobs;
        this.listing = listing;
        this.runNow = runNow;
        this.previewer = previewer;
        this.limits = limits;
    }

    @GetMapping
    JobPage list(
            @RequestParam(required = false) String app,
            @RequestParam(required = false) String q,
            @RequestParam(required = false) Boolean enabled,
            @RequestParam(required = false) Boolean paused,
            @RequestParam(required = false) String handler,
            @RequestParam(required = false) ScheduleType type,
            @RequestParam(required = false) String owner,
            @RequestParam(required = false) String tag,
            @RequestParam(required = false) RunStatus status,
            @RequestParam(required = false) String cursor,
            @RequestParam(required = false) Integer size,
            @RequestHeader(value = HttpHeaders.ACCEPT_LANGUAGE, required = false) String acceptLanguage) {
        JobListQuery query = new JobListQuery(
                blankless(app),
                blankless(q),
                enabled,
                paused,
                blankless(handler),
                type,
                blankless(owner),
                blankless(tag),
                status);
        return listing.page(query, blankless(cursor), size, wordsLanguage(acceptLanguage));
    }

    /** The language of the schedules in words: Chinese when the caller prefers it to English, else English. */
    static Locale wordsLanguage(String acceptLanguage) {
        if (acceptLanguage == null || acceptLanguage.isBlank()) {
            return Locale.ENGLISH;
        }
        try {
            String best = Locale.lookupTag(Locale.LanguageRange.parse(acceptLanguage), WORDS_LANGUAGES);
            return best == null ? Locale.ENGLISH : Locale.forLanguageTag(best);
        } catch (IllegalArgumentException notAnAcceptLanguage) {
            return Locale.ENGLISH;
        }
    }

    @PostMapping
    ResponseEntity<JobDefinition> create(@RequestBody(required = false) String body) {
        JobDefinition created = jobs.create(JsonBodies.jobDefinition(JsonBodies.object(body)));
        return ResponseEntity.created(URI.create("/api/v1/jobs/" + created.id()))
                .body(created);
    }

    /** The job's definition, with {@code managedBy} when an app declares it. */
    @GetMapping("/{id}")
    @ApiResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = JobDefinition.class)))
    ObjectNode get(@PathVariable String id) {
        return view(jobs.view(id));
    }

    /** Makes a job an app manages a console job (409 when no app manages it). */
    @PostMapping("/{id}/detach")
    @ApiResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = JobDefinition.class)))
    ObjectNode detach(@PathVariable String id) {
        return view(jobs.detach(id));
    }

    /** The job's definition, with {@code managedBy} when an app declares it. */
    private static ObjectNode view(JobService.JobView view) {
        ObjectNode node = Json.mapper().valueToTree(view.job());
        if (view.managedBy() != null) {
            node.set("managedBy", Json.mapper().valueToTree(view.managedBy()));
        }
        return node;
    }

    @PutMapping("/{id}")
    JobDefinition replace(@PathVariable String id, @RequestBody(required = false) String body) {
        ObjectNode node = JsonBodies.object(body);
        if (!node.has("id")) {
            node.put("id", id);
        }
        return jobs.replace(id, JsonBodies.jobDefinition(node));
    }

    @DeleteMapping("/{id}")
    ResponseEntity<Void> delete(@PathVariable String id) {
        jobs.delete(id);
        return ResponseEntity.noContent().build();
    }

    @PostMapping("/{id}/run")
    ResponseEntity<Map<String, String>> run(@PathVariable String id, @RequestBody(required = false) String body) {
        String params = body == null || body.isBlank()
                ? null
                : JsonBodies.convert(JsonBodies.object(body), RunNowBody.class).params();
        String requestId = runNow.runNow(id, params);
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(Map.of("requestId", requestId));
    }

    @GetMapping("/{id}/schedule/preview")
    FireTimes preview(@PathVariable String id, @RequestParam(required = false) Integer count) {
        int times = Limits.within("count", count, limits.getDefaultPreviewCount(), limits.getMaxPreviewCount());
        return previewer.preview(jobs.get(id), times);
    }

    private static String blankless(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    /** The optional body of run now: params for this run instead of the job's own. */
    record RunNowBody(String params) {}
}
