package io.carillon.console.internal.limits;

import io.carillon.console.internal.web.JsonBodies;
import io.carillon.topics.events.ConcurrencyLimit;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/limits} (read by anyone signed in) and {@code /api/v1/limits/{id}} (PUT creates or replaces, DELETE
 * deletes; ADMINs): the concurrency limits jobs take in {@code concurrency.limit}. A PUT body is the limit's JSON
 * ({@code {"max": 4, "description": "..."}}, {@code docs/limits.md}); its {@code id} may be left out.
 * {@code /api/v1/limits:usage} and {@code /api/v1/limits/{id}/usage} (anyone signed in) answer the holders and queues
 * of the limits ({@link LimitUsage}), {@code size} runs of each list at most.
 */
@RestController
class LimitController {

    private final LimitService limits;
    private final LimitUsages usages;

    LimitController(LimitService limits, LimitUsages usages) {
        this.limits = limits;
        this.usages = usages;
    }

    @GetMapping("/api/v1/limits")
    List<LimitView> list() {
        return limits.list();
    }

    @GetMapping("/api/v1/limits/{id}")
    LimitView get(@PathVariable String id) {
        return limits.get(id);
    }

    @GetMapping("/api/v1/limits:usage")
    List<LimitUsage> usages(@RequestParam(required = false) Integer size) {
        return usages.all(size);
    }

    @GetMapping("/api/v1/limits/{id}/usage")
    LimitUsage usage(@PathVariable String id, @RequestParam(required = false) Integer size) {
        return usages.of(id, size);
    }

    @PutMapping("/api/v1/limits/{id}")
    LimitView save(@PathVariable String id, @RequestBody(required = false) String body) {
        return limits.save(id, JsonBodies.convert(JsonBodies.object(body), ConcurrencyLimit.class));
    }

    @DeleteMapping("/api/v1/limits/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void delete(@PathVariable String id) {
        limits.delete(id);
    }
}
