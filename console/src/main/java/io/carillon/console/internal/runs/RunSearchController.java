package io.carillon.console.internal.runs;

import io.carillon.console.internal.runs.RunQueries.RunDetail;
import io.carillon.console.internal.runs.RunQueries.RunPage;
import io.carillon.console.internal.web.Limits;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/runs}: runs across jobs, newest scheduled first, filtered and keyset paged ({@code cursor} is the
 * {@code nextCursor} of the previous page); {@code GET /api/v1/runs/{runId}}: one run, its timeline and its attempt
 * chain.
 */
@RestController
class RunSearchController {

    private final RunQueries queries;
    private final RunApiProperties limits;

    RunSearchController(RunQueries queries, RunApiProperties limits) {
        this.queries = queries;
        this.limits = limits;
    }

    @GetMapping("/api/v1/runs")
    RunPage search(
            @RequestParam(required = false) String app,
            @RequestParam(required = false) String job,
            @RequestParam(required = false) String status,
            @RequestParam(required = false) String kind,
            @RequestParam(required = false) String instance,
            @RequestParam(required = false) String from,
            @RequestParam(required = false) String to,
            @RequestParam(required = false) String minDurationMs,
            @RequestParam(required = false) String cursor,
            @RequestParam(required = false) Integer size) {
        int rows = Limits.within("size", size, limits.getDefaultRunPageSize(), limits.getMaxRunPageSize());
        return queries.search(RunSearch.parse(app, job, status, kind, instance, from, to, minDurationMs, cursor), rows);
    }

    @GetMapping("/api/v1/runs/{runId}")
    RunDetail run(@PathVariable String runId) {
        return queries.detail(runId);
    }
}
