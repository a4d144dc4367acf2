package io.carillon.console.internal.web;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.method.annotation.ExceptionHandlerMethodResolver;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

import io.carillon.console.internal.logs.LogService;

/**
 * {@code GET /api/v1/runs/{runId}/logs/stream?after=}: a run's log as Server-Sent Events while the run runs (see
 * LogStreams); a reconnecting EventSource's {@code Last-Event-ID} stands for {@code after}. A refusal (400, 403, 404,
 * 503) is {@link ApiExceptionHandler}'s answer, sent as JSON even to a client that accepts only
 * {@code text/event-stream}, where content negotiation would otherwise fail it.
 */
@RestController
class LogStreamController {

    private static final ExceptionHandlerMethodResolver REFUSALS =
            new ExceptionHandlerMethodResolver(ApiExceptionHandler.class);

    private final LogService logs;
    private final ApiExceptionHandler errors;

    LogStreamController(LogService logs, ApiExceptionHandler errors) {
        this.logs = logs;
        this.errors = errors;
    }

    @GetMapping("/api/v1/runs/{runId}/logs/stream")
    SseEmitter stream(@PathVariable String runId, @RequestParam(required = false) Long after,
            @RequestHeader(name = "Last-Event-ID", required = false) Long lastEventId) {
        return logs.stream(runId, after != null ? LogController.after("after", after)
                : LogController.after("Last-Event-ID", lastEventId));
    }

    @ExceptionHandler
    ResponseEntity<?> refused(Exception e) throws Exception {
        Method handler = REFUSALS.resolveMethod(e);
        if (handler == null) {
            throw e;
        }
        Object answer;
        try {
            answer = handler.invoke(errors, e);
        } catch (InvocationTargetException failed) {
            throw e;
        }
        if (answer instanceof ResponseEntity<?> entity) {
            return ResponseEntity.status(entity.getStatusCode()).contentType(MediaType.APPLICATION_JSON)
                    .body(entity.getBody());
        }
        ResponseStatus status = AnnotatedElementUtils.findMergedAnnotation(handler, ResponseStatus.class);
        return ResponseEntity.status(status == null ? HttpStatus.INTERNAL_SERVER_ERROR : status.code())
                .contentType(MediaType.APPLICATION_JSON).body(answer);
    }
}
