package io.carillon.console.internal.jobs;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.access.Grant;
import io.carillon.console.internal.access.Grants;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.FieldError;
import io.carillon.topics.JobValidator;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.ScheduleType;
import io.carillon.topics.schedule.Schedules;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/**
 * The paged job list ({@code GET /api/v1/jobs}): keyset pages by id behind an opaque cursor, so a walk through the
 * pages sees every job that exists throughout it exactly once while jobs are added or removed; only the apps the
 * caller may read. One database query per page; next fires are worked out from the schedules. Thread-safe.
 */
@Service
class JobListing {

    private final JobListRepository repository;
    private final Authorizer authorizer;
    private final JobProperties settings;
    private final Clock clock;

    JobListing(JobListRepository repository, Authorizer authorizer, JobProperties settings, Clock clock) {
        this.repository = repository;
        this.authorizer = authorizer;
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * The page after {@code cursor} (null: the first) of at most {@code size} jobs (null: the default) matching
     * {@code query}, each schedule in words of {@code locale} (Chinese or English).
     *
     * @throws InvalidInputException naming each bad filter, the cursor or the size
     * @throws org.springframework.security.access.AccessDeniedException when {@code query.app()} is not readable
     */
    public JobPage page(JobListQuery query, String cursor, Integer size, Locale locale) {
        int rows = size == null ? settings.getDefaultPageSize() : size;
        String afterId = cursor == null ? null : decode(cursor);
        requireValid(query, rows);
        if (query.app() != null) {
            authorizer.requireRead(query.app());
        }
        Set<String> apps = readableApps();
        if (apps != null && apps.isEmpty()) {
            return new JobPage(List.of(), null);
        }
        Instant now = clock.instant();
        List<JobListRepository.JobSummaryRow> found = repository.page(query, apps, afterId, rows + 1, now);
        List<JobSummary> items = new ArrayList<>(Math.min(found.size(), rows));
        for (JobListRepository.JobSummaryRow row : found.subList(0, Math.min(found.size(), rows))) {
            items.add(summary(row, now, locale));
        }
        String next =
                found.size() > rows ? encode(items.get(items.size() - 1).job().id()) : null;
        return new JobPage(items, next);
    }

    private static JobSummary summary(JobListRepository.JobSummaryRow row, Instant now, Locale locale) {
        JobDefinition job = row.job();
        boolean paused = row.pause() != null;
        return new JobSummary(
                job,
                Schedules.describe(job.schedule(), locale),
                nextFire(job, paused, row.lastRun(), now),
                paused,
                row.pause(),
                row.lastRun(),
                row.last24h(),
                row.managedBy());
    }

    private static Instant nextFire(JobDefinition job, boolean paused, JobSummary.LastRun lastRun, Instant now) {
        if (!job.enabled() || paused) {
            return null;
        }
        if (job.schedule().type() == ScheduleType.FIXED_DELAY) {
            Instant ended = lastRun == null ? null : lastRun.finishedAt();
            return ended == null
                    ? null
                    : Schedules.nextAfter(job.schedule(), ended).orElse(null);
        }
        return Schedules.nextAfter(job.schedule(), now).orElse(null);
    }

    /** Null when the caller may read every app, else the apps they may read. */
    private Set<String> readableApps() {
        Grants grants = authorizer.caller().grants();
        if (grants.canRead(Grant.EVERY_APP)) {
            return null;
        }
        return grants.all().stream().map(Grant::app).filter(grants::canRead).collect(Collectors.toSet());
    }

    private void requireValid(JobListQuery query, int size) {
        List<FieldError> problems = new ArrayList<>();
        if (size < 1 || size > settings.getMaxPageSize()) {
            problems.add(
                    new FieldError("size", "must be between 1 and " + settings.getMaxPageSize() + ", was " + size));
        }
        if (query.app() != null && !TopicCatalog.isValidAppName(query.app())) {
            problems.add(new FieldError("app", "'" + query.app() + "' is not a valid app name"));
        }
        if (query.tag() != null && !JobValidator.isValidTag(query.tag())) {
            problems.add(new FieldError("tag", "'" + query.tag() + "' is not a valid tag"));
        }
        requireShort(problems, "q", query.q());
        requireShort(problems, "handler", query.handler());
        requireShort(problems, "owner", query.owner());
        if (!problems.isEmpty()) {
            throw InvalidInputException.of(problems);
        }
    }

    private void requireShort(List<FieldError> problems, String field, String value) {
        if (value != null && value.length() > settings.getMaxFilterLength()) {
            problems.add(new FieldError(
                    field,
                    "is " + value.length() + " characters; at most " + settings.getMaxFilterLength() + " are allowed"));
        }
    }

    private static String encode(String id) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(id.getBytes(StandardCharsets.UTF_8));
    }

    private static String decode(String cursor) {
        try {
            String id = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            if (JobValidator.isValidJobId(id)) {
                return id;
            }
        } catch (IllegalArgumentException e) {
            // answered below
        }
        throw InvalidInputException.of(
                "cursor", "is not a cursor of this list: pass the nextCursor of the" + " previous page");
    }
}
