package io.carillon.console.internal.logs;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.carillon.console.internal.runs.RunAccess;
import io.carillon.console.internal.runs.RunNotFoundException;
import io.carillon.console.internal.runs.RunRepository;
import io.carillon.console.internal.runs.RunView;
import io.carillon.console.internal.web.IdCursors;
import io.swagger.v3.oas.annotations.media.Schema;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * A run's log for the API: pages by seq, the whole log as text, and a live stream ({@link LogStreams}). Each asks
 * first whether the caller may read the run's app: the app of the stored run, else of the job its lines name (an
 * ADMIN's only when neither is known); a run with neither a stored result nor a line is not found. Thread-safe.
 */
@Service
class LogService {

    private final LogRepository logs;
    private final RunRepository runs;
    private final RunAccess access;
    private final LogStreams streams;
    private final LogCap cap;
    private final int downloadChunk;

    public LogService(
            LogRepository logs, RunRepository runs, RunAccess access, LogStreams streams, LogProperties logProperties) {
        this.logs = logs;
        this.runs = runs;
        this.access = access;
        this.streams = streams;
        this.cap = cap(logProperties);
        this.downloadChunk = logProperties.getMaxPageSize();
    }

    static LogCap cap(LogProperties settings) {
        return new LogCap(settings.getMaxLinesPerRun(), settings.getMaxBytesPerRun(), settings.getMaxLineLength());
    }

    /** At most {@code limit} lines of run {@code runId} after seq {@code after}, and where the log was cut. */
    public LogPage page(String runId, long after, int limit) {
        Optional<LogState> state = requireRead(runId);
        List<LogLineView> lines = logs.page(runId, after, limit);
        return new LogPage(
                runId,
                lines,
                IdCursors.next(lines, limit, LogLineView::seq),
                state.map(found -> found.cut(cap)).orElse(null));
    }

    /** Writes the kept lines of run {@code runId}, one per line, and the note where the log was cut. */
    public void download(String runId, Writer out) throws IOException {
        Optional<LogState> state = requireRead(runId);
        long after = LogState.NO_LINE;
        List<LogLineView> lines;
        do {
            lines = logs.page(runId, after, downloadChunk);
            for (LogLineView line : lines) {
                out.write(text(line));
                after = line.seq();
            }
        } while (lines.size() == downloadChunk);
        LogCut cut = state.map(found -> found.cut(cap)).orElse(null);
        if (cut != null) {
            out.write(cut.note() + "\n");
        }
    }

    /** A live stream of run {@code runId}'s lines after seq {@code after}; see {@link LogStreams}. */
    public SseEmitter stream(String runId, long after) {
        requireRead(runId);
        return streams.open(runId, after);
    }

    private Optional<LogState> requireRead(String runId) {
        Optional<RunView> run = runs.findByRunId(runId);
        Optional<LogState> state = logs.state(runId);
        if (run.isEmpty() && state.isEmpty()) {
            throw new RunNotFoundException(runId);
        }
        access.requireRead(run.map(RunView::jobId).orElseGet(() -> state.get().jobId()), run);
        return state;
    }

    private static String text(LogLineView line) {
        StringBuilder text = new StringBuilder();
        if (line.at() != null) {
            text.append(line.at()).append(' ');
        }
        if (line.level() != null) {
            text.append(line.level()).append(' ');
        }
        return text.append(line.message().replace("\n", "\n    ")).append('\n').toString();
    }

    /**
     * One page of a run's log in the list envelope: {@code items} (lines by seq) and {@code nextCursor}, the seq of
     * the last line, absent on the last page so far; {@code cut} says where the log was cut, when it was.
     * {@code lines} and {@code nextAfter} repeat them for clients of the earlier answer and go in the next release.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LogPage(
            String runId,
            List<LogLineView> items,
            @JsonIgnore Long next,
            LogCut cut) {

        @JsonProperty("nextCursor")
        public String nextCursor() {
            return IdCursors.format(next);
        }

        /** The items under their earlier name. */
        @Deprecated(forRemoval = true)
        @Schema(deprecated = true, description = "the earlier name of items")
        @JsonProperty("lines")
        public List<LogLineView> lines() {
            return items;
        }

        /** The next cursor under its earlier name, as a number. */
        @Deprecated(forRemoval = true)
        @Schema(deprecated = true, description = "the earlier name of nextCursor, as a number")
        @JsonProperty("nextAfter")
        public Long nextAfter() {
            return next;
        }
    }
}
