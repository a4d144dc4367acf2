package io.carillon.console.internal.runs;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.carillon.console.internal.jobs.JobNotFoundException;
import io.carillon.console.internal.jobs.JobService;
import io.carillon.console.internal.jobs.ManagedBy;
import io.carillon.console.internal.web.JsonBodies;
import io.carillon.console.internal.web.Limits;
import io.carillon.topics.events.JobDefinition;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Run history ({@code /api/v1/jobs/{id}/runs}, the {@code /api/v1/overview} the console page shows) and what can be
 * done about one run ({@code /api/v1/runs/{runId}/retry}, {@code /api/v1/runs/{runId}/kill}).
 */
@RestController
class RunController {

    private final JobService jobs;
    private final RunRepository runs;
    private final RunActions actions;
    private final RunAccess access;
    private final RunApiProperties limits;

    RunController(JobService jobs, RunRepository runs, RunActions actions, RunAccess access, RunApiProperties limits) {
        this.jobs = jobs;
        this.access = access;
        this.runs = runs;
        this.actions = actions;
        this.limits = limits;
    }

    /** The newest runs of a job by scheduled time; also of a deleted job as long as its runs are kept. */
    @GetMapping("/api/v1/jobs/{id}/runs")
    List<RunView> runs(@PathVariable String id, @RequestParam(required = false) Integer limit) {
        int rows = Limits.within("limit", limit, limits.getDefaultRunLimit(), limits.getMaxRunLimit());
        List<RunView> found = runs.findByJob(id, rows);
        if (found.isEmpty() && !jobs.exists(id)) {
            throw new JobNotFoundException(id);
        }
        access.requireRead(id, found.stream().findFirst());
        return found;
    }

    /**
     * One more attempt of a run that ended FAILED, TIMED_OUT, LOST, NO_WORKER or KILLED; optional body
     * {@code {"params": ...}}. Answers the request id and the run id the new attempt gets.
     */
    @PostMapping("/api/v1/runs/{runId}/retry")
    ResponseEntity<RunActions.RetryRequested> retry(
            @PathVariable String runId, @RequestBody(required = false) String body) {
        String params = body == null || body.isBlank()
                ? null
                : JsonBodies.convert(JsonBodies.object(body), RetryBody.class).params();
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(actions.retry(runId, params));
    }

    /** Kills a run that has not ended. */
    @PostMapping("/api/v1/runs/{runId}/kill")
    ResponseEntity<Map<String, String>> kill(@PathVariable String runId) {
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(Map.of("commandId", actions.kill(runId)));
    }

    /** Every job the caller may read with its newest run (null when it has none), by job id. */
    @GetMapping("/api/v1/overview")
    List<JobOverview> overview() {
        Map<String, RunView> latest = runs.latestOfEveryJob();
        Map<String, ManagedBy> managed = jobs.managedJobs();
        return jobs.list().stream()
                .map(job -> new JobOverview(job, latest.get(job.id()), managed.get(job.id())))
                .toList();
    }

    /** The optional body of a retry: params for the new attempt instead of the run's own. */
    record RetryBody(String params) {}

    /** One line of the overview; {@code managedBy} only for a job an app declares. */
    record JobOverview(
            JobDefinition job,
            RunView latestRun,
            @JsonInclude(JsonInclude.Include.NON_NULL) ManagedBy managedBy) {}
}
