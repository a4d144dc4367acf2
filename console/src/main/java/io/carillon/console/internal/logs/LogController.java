package io.carillon.console.internal.logs;

import io.carillon.console.internal.logs.LogService.LogPage;
import io.carillon.console.internal.web.IdCursors;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.console.internal.web.Limits;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A run's log: {@code GET /api/v1/runs/{runId}/logs?cursor=&limit=} (a page of lines with a seq above the
 * {@code nextCursor} of the previous page; {@code after}, the earlier name, takes a seq)
 * and {@code GET /api/v1/runs/{runId}/logs.txt} (the whole kept log as a text download); the live stream is
 * {@link LogStreamController}'s.
 */
@RestController
class LogController {

    private static final long FROM_THE_START = -1;
    private static final String UNSAFE_FILE_NAME_CHARACTERS = "[^A-Za-z0-9._-]";

    private final LogService logs;
    private final LogProperties limits;

    LogController(LogService logs, LogProperties limits) {
        this.logs = logs;
        this.limits = limits;
    }

    @GetMapping("/api/v1/runs/{runId}/logs")
    LogPage page(
            @PathVariable String runId,
            @RequestParam(required = false) String cursor,
            @Parameter(deprecated = true, description = "the earlier name of cursor") @RequestParam(required = false)
                    Long after,
            @RequestParam(required = false) Integer limit) {
        int rows = Limits.within("limit", limit, limits.getDefaultPageSize(), limits.getMaxPageSize());
        Long seq = IdCursors.parse(cursor);
        return logs.page(runId, seq != null ? seq : after("after", after), rows);
    }

    @GetMapping("/api/v1/runs/{runId}/logs.txt")
    void download(@PathVariable String runId, HttpServletResponse response) throws IOException {
        response.setContentType(MediaType.TEXT_PLAIN_VALUE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.setHeader(
                HttpHeaders.CONTENT_DISPOSITION,
                "attachment; filename=\"" + runId.replaceAll(UNSAFE_FILE_NAME_CHARACTERS, "_") + ".log\"");
        Writer out = new OutputStreamWriter(response.getOutputStream(), StandardCharsets.UTF_8);
        logs.download(runId, out);
        out.flush();
    }

    static long after(String field, Long value) {
        if (value == null) {
            return FROM_THE_START;
        }
        if (value < 0) {
            throw InvalidInputException.of(field, "must be a line's seq, zero or more, was " + value);
        }
        return value;
    }
}
