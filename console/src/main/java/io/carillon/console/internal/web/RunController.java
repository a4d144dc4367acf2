package io.carillon.console.internal.web;

import java.util.List;
import java.util.Map;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.carillon.console.ConsoleProperties;
import io.carillon.console.internal.jobs.JobNotFoundException;
import io.carillon.console.internal.jobs.JobService;
import io.carillon.console.internal.runs.RunRepository;
import io.carillon.console.internal.runs.RunView;
import io.carillon.topics.events.JobDefinition;

/** Run history: {@code /api/v1/jobs/{id}/runs} and the {@code /api/v1/overview} the console page shows. */
@RestController
class RunController {

    private final JobService jobs;
    private final RunRepository runs;
    private final ConsoleProperties.Api limits;

    RunController(JobService jobs, RunRepository runs, ConsoleProperties properties) {
        this.jobs = jobs;
        this.runs = runs;
        this.limits = properties.getApi();
    }

    /** The newest runs of a job by scheduled time; also of a deleted job as long as its runs are kept. */
    @GetMapping("/api/v1/jobs/{id}/runs")
    List<RunView> runs(@PathVariable String id, @RequestParam(required = false) Integer limit) {
        int rows = Limits.within("limit", limit, limits.getDefaultRunLimit(), limits.getMaxRunLimit());
        List<RunView> found = runs.findByJob(id, rows);
        if (found.isEmpty() && !jobs.exists(id)) {
            throw new JobNotFoundException(id);
        }
        return found;
    }

    /** Every job with its newest run (null when it has none), by job id. */
    @GetMapping("/api/v1/overview")
    List<JobOverview> overview() {
        Map<String, RunView> latest = runs.latestOfEveryJob();
        return jobs.list().stream().map(job -> new JobOverview(job, latest.get(job.id()))).toList();
    }

    /** One line of the overview. */
    record JobOverview(JobDefinition job, RunView latestRun) {
    }
}
