package io.carillon.console.internal.incidents;

import io.carillon.console.internal.web.Limits;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/incidents}: pages of the incidents of the apps the caller may read (filters {@code state},
 * {@code app}, {@code job}, {@code rule}; {@code cursor} is the {@code nextCursor} of the previous page), one incident with its
 * history and deliveries, and its acknowledgement by an OPERATOR of its app.
 */
@RestController
class IncidentController {

    private final IncidentService incidents;
    private final IncidentProperties limits;

    IncidentController(IncidentService incidents, IncidentProperties limits) {
        this.incidents = incidents;
        this.limits = limits;
    }

    @GetMapping("/api/v1/incidents")
    IncidentPage list(
            @RequestParam(required = false) String state,
            @RequestParam(required = false) String app,
            @RequestParam(required = false) String job,
            @RequestParam(required = false) String rule,
            @RequestParam(required = false) String cursor,
            @RequestParam(required = false) Integer size) {
        int rows = Limits.within("size", size, limits.getDefaultPageSize(), limits.getMaxPageSize());
        return incidents.page(new IncidentFilters(state, app, job, rule), cursor, rows);
    }

    @GetMapping("/api/v1/incidents/{id}")
    IncidentDetail get(@PathVariable String id) {
        return incidents.get(id);
    }

    @PostMapping("/api/v1/incidents/{id}/ack")
    IncidentView acknowledge(@PathVariable String id) {
        return incidents.acknowledge(id);
    }
}
