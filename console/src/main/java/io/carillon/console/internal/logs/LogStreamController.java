package io.carillon.console.internal.logs;

import io.carillon.console.internal.web.ApiExceptionHandler;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * {@code GET /api/v1/runs/{runId}/logs/stream?after=}: a run's log as Server-Sent Events while the run runs (see
 * LogStreams); a reconnecting EventSource's {@code Last-Event-ID} stands for {@code after}. A refusal (400, 403, 404,
 * 503) is {@link ApiExceptionHandler}'s answer, sent as JSON even to a client that accepts only
 * {@code text/event-stream}, where content negotiation would otherwise fail it.
 */
@RestController
class LogStreamController {

    private final LogService logs;
    private final ApiExceptionHandler errors;

    LogStreamController(LogService logs, ApiExceptionHandler errors) {
        this.logs = logs;
        this.errors = errors;
    }

    @GetMapping("/api/v1/runs/{runId}/logs/stream")
    SseEmitter stream(
            @PathVariable String runId,
            @RequestParam(required = false) Long after,
            @RequestHeader(name = "Last-Event-ID", required = false) Long lastEventId) {
        return logs.stream(
                runId,
                after != null
                        ? LogController.after("after", after)
                        : LogController.after("Last-Event-ID", lastEventId));
    }

    @ExceptionHandler
    ResponseEntity<?> refused(Exception e) throws Exception {
        return errors.asJson(e);
    }
}
