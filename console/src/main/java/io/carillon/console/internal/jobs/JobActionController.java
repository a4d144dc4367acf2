package io.carillon.console.internal.jobs;

import io.carillon.console.internal.web.JsonBodies;
import io.carillon.console.internal.web.Limits;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * What can be done about jobs besides editing them: pause and resume (with a reason), enable and disable, one fire
 * at an instant, a backfill, one action on many jobs ({@code /api/v1/jobs:batch}), and the preview of a schedule
 * that is not saved ({@code /api/v1/schedules/preview}). Requests to the planner answer 202 with their request id.
 */
@RestController
class JobActionController {

    private final JobActions actions;
    private final JobService jobs;
    private final JobBatch batch;
    private final SchedulePreviews previews;
    private final JobApiProperties limits;

    JobActionController(
            JobActions actions, JobService jobs, JobBatch batch, SchedulePreviews previews, JobApiProperties limits) {
        this.actions = actions;
        this.jobs = jobs;
        this.batch = batch;
        this.previews = previews;
        this.limits = limits;
    }

    /** Stops the job's schedule; body {@code {"reason": ...}} (required). */
    @PostMapping("/api/v1/jobs/{id}/pause")
    ResponseEntity<Map<String, String>> pause(
            @PathVariable String id,
            @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content = @Content(schema = @Schema(implementation = ReasonBody.class)))
                    @RequestBody(required = false)
                    String body) {
        return accepted(actions.pause(id, reason(body)));
    }

    /** Restarts the job's schedule from now; optional body {@code {"reason": ...}}. */
    @PostMapping("/api/v1/jobs/{id}/resume")
    ResponseEntity<Map<String, String>> resume(
            @PathVariable String id,
            @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content = @Content(schema = @Schema(implementation = ReasonBody.class)))
                    @RequestBody(required = false)
                    String body) {
        return accepted(actions.resume(id, reason(body)));
    }

    @PostMapping("/api/v1/jobs/{id}/enable")
    JobDefinition enable(@PathVariable String id) {
        return jobs.setEnabled(id, true).job();
    }

    @PostMapping("/api/v1/jobs/{id}/disable")
    JobDefinition disable(@PathVariable String id) {
        return jobs.setEnabled(id, false).job();
    }

    /** One fire at {@code at}; body {@code {"at": ..., "params": ...}}. */
    @PostMapping("/api/v1/jobs/{id}/run-at")
    ResponseEntity<Map<String, String>> runAt(
            @PathVariable String id,
            @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content = @Content(schema = @Schema(implementation = RunAtBody.class)))
                    @RequestBody(required = false)
                    String body) {
        RunAtBody request = JsonBodies.convert(JsonBodies.object(body), RunAtBody.class);
        return accepted(actions.runAt(id, request.at(), request.params()));
    }

    /**
     * The fires of the job's schedule in {@code [from, to]}; body {@code {"from": ..., "to": ..., "params": ...}}.
     * With {@code dryRun=true} only counts them (200); else asks for them (202).
     */
    @PostMapping("/api/v1/jobs/{id}/backfill")
    ResponseEntity<BackfillPlan> backfill(
            @PathVariable String id,
            @RequestParam(defaultValue = "false") boolean dryRun,
            @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content = @Content(schema = @Schema(implementation = BackfillBody.class)))
                    @RequestBody(required = false)
                    String body) {
        BackfillBody request = JsonBodies.convert(JsonBodies.object(body), BackfillBody.class);
        BackfillPlan plan = actions.backfill(id, request.from(), request.to(), request.params(), dryRun);
        return ResponseEntity.status(dryRun ? HttpStatus.OK : HttpStatus.ACCEPTED)
                .body(plan);
    }

    /** Body {@code {"action": "ENABLE|DISABLE|RUN|DELETE", "ids": [...]}}; answers one result per id, in order. */
    @PostMapping("/api/v1/jobs:batch")
    BatchAnswer batch(
            @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content = @Content(schema = @Schema(implementation = BatchBody.class)))
                    @RequestBody(required = false)
                    String body) {
        BatchBody request = JsonBodies.convert(JsonBodies.object(body), BatchBody.class);
        return new BatchAnswer(request.action(), batch.apply(request.action(), request.ids()));
    }

    /**
     * Body {@code {"schedule": {...}, "from": ..., "count": ...}}; nothing is saved. The schedule's words are in the
     * language {@code Accept-Language} prefers (Chinese or English).
     */
    @PostMapping("/api/v1/schedules/preview")
    SchedulePreview preview(
            @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content = @Content(schema = @Schema(implementation = PreviewBody.class)))
                    @RequestBody(required = false)
                    String body,
            @RequestHeader(value = HttpHeaders.ACCEPT_LANGUAGE, required = false) String acceptLanguage) {
        PreviewBody request = JsonBodies.convert(JsonBodies.object(body), PreviewBody.class);
        int count =
                Limits.within("count", request.count(), limits.getDefaultPreviewCount(), limits.getMaxPreviewCount());
        return previews.preview(request.schedule(), request.from(), count, JobController.wordsLanguage(acceptLanguage));
    }

    private static String reason(String body) {
        return body == null || body.isBlank()
                ? null
                : JsonBodies.convert(JsonBodies.object(body), ReasonBody.class).reason();
    }

    private static ResponseEntity<Map<String, String>> accepted(String requestId) {
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(Map.of("requestId", requestId));
    }

    record ReasonBody(String reason) {}

    record RunAtBody(Instant at, String params) {}

    record BackfillBody(Instant from, Instant to, String params) {}

    record BatchBody(JobBatch.Action action, List<String> ids) {}

    record PreviewBody(Schedule schedule, Instant from, Integer count) {}

    /** The answer of a batch: the action and each id's result. */
    record BatchAnswer(JobBatch.Action action, List<JobBatch.Result> results) {}
}
