package io.carillon.console.internal.forecast;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.forecast.PastRuns.Cell;
import io.carillon.console.internal.forecast.PastRuns.Row;
import io.carillon.console.internal.forecast.PastRunsRepository.SlotRuns;
import io.carillon.topics.events.RunStatus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;

/**
 * The grid of the past 24 hours' runs, in slots aligned to UTC epoch multiples of the slot, the newest slot the one
 * holding the injected Clock's now; one row per readable job with runs scheduled in the span, a page of jobs at a
 * time. Stateless and thread-safe.
 */
@Service
class PastRunsService {

    /** The slot lengths offered, in minutes: each divides a day. */
    static final List<Integer> SLOT_MINUTES = List.of(5, 10, 15, 30, 60, 120);

    static final int DEFAULT_SLOT_MINUTES = 30;

    /** Longest accepted cursor: a job id. */
    static final int MAX_CURSOR_LENGTH = 256;

    /** The statuses from the most severe down; a cell shows the most severe of its runs'. */
    static final List<RunStatus> SEVERITY = List.of(
            RunStatus.FAILED,
            RunStatus.TIMED_OUT,
            RunStatus.LOST,
            RunStatus.NO_WORKER,
            RunStatus.KILLED,
            RunStatus.PROGRESS,
            RunStatus.STARTED,
            RunStatus.SKIPPED,
            RunStatus.SUCCEEDED);

    private final PastRunsRepository repository;
    private final Authorizer authorizer;
    private final ForecastProperties settings;
    private final Clock clock;

    PastRunsService(PastRunsRepository repository, Authorizer authorizer, ForecastProperties settings, Clock clock) {
        this.repository = repository;
        this.authorizer = authorizer;
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * One page of at most {@code size} jobs (the default and the most from the settings) after job {@code cursor}.
     *
     * @throws BadGridParameterException naming {@code slotMinutes}, {@code size} or {@code cursor} when out of bounds
     */
    PastRuns grid(Integer slotMinutes, Integer size, String cursor) {
        int minutes = slotMinutes == null ? DEFAULT_SLOT_MINUTES : slotMinutes;
        if (!SLOT_MINUTES.contains(minutes)) {
            throw new BadGridParameterException("slotMinutes", "must be one of " + SLOT_MINUTES + ", was " + minutes);
        }
        if (cursor != null && cursor.length() > MAX_CURSOR_LENGTH) {
            throw new BadGridParameterException("cursor", "is longer than " + MAX_CURSOR_LENGTH + " characters");
        }
        int jobs = size == null ? settings.getDefaultGridJobs() : size;
        if (jobs < 1 || jobs > settings.getMaxGridJobs()) {
            throw new BadGridParameterException(
                    "size", "must be between 1 and " + settings.getMaxGridJobs() + ", was " + jobs);
        }
        long slotMs = Duration.ofMinutes(minutes).toMillis();
        long now = clock.instant().toEpochMilli();
        Instant to = Instant.ofEpochMilli(now - Math.floorMod(now, slotMs) + slotMs);
        Instant from = to.minus(ForecastService.SPAN);
        List<String> ids = repository.jobs(from, to, cursor, authorizer.readScope(), jobs + 1);
        List<String> page = ids.size() > jobs ? ids.subList(0, jobs) : ids;
        String next = ids.size() > jobs ? page.get(jobs - 1) : null;
        return new PastRuns(
                from,
                to,
                slotMs,
                (int) (ForecastService.SPAN.toMillis() / slotMs),
                rows(repository.slots(from, to, slotMs, page)),
                next);
    }

    private static List<Row> rows(List<SlotRuns> found) {
        Map<String, Map<Integer, List<SlotRuns>>> byJob = new LinkedHashMap<>();
        Map<String, String> apps = new LinkedHashMap<>();
        for (SlotRuns runs : found) {
            byJob.computeIfAbsent(runs.jobId(), key -> new LinkedHashMap<>())
                    .computeIfAbsent(runs.slot(), key -> new ArrayList<>())
                    .add(runs);
            apps.putIfAbsent(runs.jobId(), runs.app());
        }
        List<Row> rows = new ArrayList<>();
        byJob.forEach((jobId, slots) -> rows.add(new Row(
                jobId,
                apps.get(jobId),
                slots.entrySet().stream()
                        .map(slot -> cell(slot.getKey(), slot.getValue()))
                        .toList())));
        return rows;
    }

    private static Cell cell(int slot, List<SlotRuns> byStatus) {
        SlotRuns worst = byStatus.get(0);
        long total = 0;
        for (SlotRuns runs : byStatus) {
            total += runs.runs();
            if (rank(runs.status()) < rank(worst.status())) {
                worst = runs;
            }
        }
        return new Cell(slot, total, worst.status(), worst.newestRunId());
    }

    private static int rank(String status) {
        int rank = SEVERITY.indexOf(RunStatus.valueOf(status));
        return rank < 0 ? SEVERITY.size() : rank;
    }
}
