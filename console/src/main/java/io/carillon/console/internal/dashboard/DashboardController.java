package io.carillon.console.internal.dashboard;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/dashboard?range=&days=}: totals, runs by status per minute over {@code range} (e.g. {@code 6h})
 * and per UTC day over {@code days}, lateness, top failing jobs and running runs, of the caller's readable apps;
 * {@code GET /api/v1/jobs/{id}/charts?range=&days=}: the same runs-by-status and lateness series for one job.
 */
@RestController
class DashboardController {

    private final DashboardService dashboards;

    DashboardController(DashboardService dashboards) {
        this.dashboards = dashboards;
    }

    @GetMapping("/api/v1/dashboard")
    Dashboard dashboard(@RequestParam(required = false) String range, @RequestParam(required = false) Integer days) {
        return dashboards.dashboard(range, days);
    }

    @GetMapping("/api/v1/jobs/{id}/charts")
    JobCharts jobCharts(
            @PathVariable String id,
            @RequestParam(required = false) String range,
            @RequestParam(required = false) Integer days) {
        return dashboards.jobCharts(id, range, days);
    }
}
