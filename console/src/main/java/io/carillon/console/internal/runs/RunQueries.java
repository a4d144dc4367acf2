package io.carillon.console.internal.runs;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.carillon.console.internal.access.Authorizer;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * The run search across jobs and the run page, for the caller's readable apps only: a search naming an app or a job
 * the caller may not read is refused, and every other search answers the runs of readable apps alone. Thread-safe.
 */
@Service
public class RunQueries {

    /** Most attempts the run page lists (a job's retry policy allows far fewer). */
    static final int MAX_ATTEMPTS = 100;

    private final RunRepository runs;
    private final RunAccess access;
    private final Authorizer authorizer;

    public RunQueries(RunRepository runs, RunAccess access, Authorizer authorizer) {
        this.runs = runs;
        this.access = access;
        this.authorizer = authorizer;
    }

    /** One page of at most {@code size} runs matching {@code search}, newest scheduled first. */
    public RunPage search(RunSearch search, int size) {
        if (search.app() != null) {
            authorizer.requireRead(search.app());
        }
        if (search.jobId() != null) {
            access.requireRead(search.jobId(), Optional.empty());
        }
        List<RunView> found = runs.search(search, authorizer.readScope(), size + 1);
        if (found.size() <= size) {
            return new RunPage(found, null);
        }
        RunView last = found.get(size - 1);
        return new RunPage(found.subList(0, size), new RunCursor(last.scheduledAt(), last.runId()).encode());
    }

    /** Run {@code runId} with its timeline and its attempt chain. */
    public RunDetail detail(String runId) {
        RunView run = runs.findByRunId(runId).orElseThrow(() -> new RunNotFoundException(runId));
        access.requireRead(run.jobId(), Optional.of(run));
        return new RunDetail(
                run,
                Timeline.of(run),
                runs.attempts(runId, MAX_ATTEMPTS).stream().map(Attempt::of).toList());
    }

    /**
     * One page of the run search in the list envelope: {@code items} and {@code nextCursor}, absent on the last page.
     * {@code runs} repeats {@code items} for clients of the earlier answer and goes in the next release.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RunPage(List<RunView> items, String nextCursor) {

        /** The items under their earlier name. */
        @Deprecated(forRemoval = true)
        @Schema(deprecated = true, description = "the earlier name of items")
        @JsonProperty("runs")
        public List<RunView> runs() {
            return items;
        }
    }

    /** A run, its timeline and every attempt of its fire and shard (this one included), by attempt. */
    public record RunDetail(RunView run, Timeline timeline, List<Attempt> attempts) {}

    /**
     * When the run happened, as far as it is known: lateness is start minus scheduled time, duration finish minus
     * start; {@code updatedAt} is when the console last stored a change of it. Unknown times are left out.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Timeline(
            Instant scheduledAt,
            Instant startedAt,
            Instant finishedAt,
            Long latenessMs,
            Long durationMs,
            Long progressDone,
            Long progressTotal,
            Instant updatedAt) {

        static Timeline of(RunView run) {
            Long duration = run.startedAt() == null || run.finishedAt() == null
                    ? null
                    : Duration.between(run.startedAt(), run.finishedAt()).toMillis();
            return new Timeline(
                    run.scheduledAt(),
                    run.startedAt(),
                    run.finishedAt(),
                    run.latenessMs(),
                    duration,
                    run.progressDone(),
                    run.progressTotal(),
                    run.updatedAt());
        }
    }

    /** One attempt of a fire and shard. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Attempt(
            String runId,
            int attempt,
            String kind,
            String status,
            Instant scheduledAt,
            Instant startedAt,
            Instant finishedAt,
            String message) {

        static Attempt of(RunView run) {
            return new Attempt(
                    run.runId(),
                    run.attempt(),
                    run.kind(),
                    run.status(),
                    run.scheduledAt(),
                    run.startedAt(),
                    run.finishedAt(),
                    run.message());
        }
    }
}
