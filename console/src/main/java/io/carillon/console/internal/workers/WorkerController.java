package io.carillon.console.internal.workers;

import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/workers?app=}: the worker instances known from heartbeats, stale ones marked;
 * {@code GET /api/v1/apps}: every app with its live instances and the enabled jobs no live worker can run.
 */
@RestController
class WorkerController {

    private final WorkerService workers;

    WorkerController(WorkerService workers) {
        this.workers = workers;
    }

    @GetMapping("/api/v1/workers")
    List<WorkerView> workers(@RequestParam(required = false) String app) {
        return workers.workers(app);
    }

    @GetMapping("/api/v1/apps")
    List<AppView> apps() {
        return workers.apps();
    }
}
