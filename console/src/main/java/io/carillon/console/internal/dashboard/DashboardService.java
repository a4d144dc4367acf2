package io.carillon.console.internal.dashboard;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.dashboard.Dashboard.Bucket;
import io.carillon.console.internal.dashboard.Dashboard.FailingJobs;
import io.carillon.console.internal.dashboard.Dashboard.Lateness;
import io.carillon.console.internal.dashboard.Dashboard.Series;
import io.carillon.console.internal.dashboard.Dashboard.Totals;
import io.carillon.console.internal.dashboard.DashboardSource.LatenessPoint;
import io.carillon.console.internal.dashboard.DashboardSource.StatusCount;
import io.carillon.console.internal.jobs.JobService;
import io.carillon.console.internal.runs.RunQueries;
import io.carillon.console.internal.runs.RunSearch;
import io.carillon.console.internal.workers.AppView;
import io.carillon.console.internal.workers.WorkerService;
import io.carillon.topics.events.RunStatus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.stereotype.Service;

/**
 * The dashboard for the caller's readable apps at the injected Clock's now. Each chart reads the stored stats when
 * any window of its span is stored for those apps, and the {@code runs} table otherwise; the answer names the source
 * of each part. Thread-safe.
 */
@Service
class DashboardService {

    private static final Set<RunStatus> RUNNING = Set.of(RunStatus.STARTED, RunStatus.PROGRESS);

    private final StatsSource stats;
    private final RunsSource runs;
    private final JobCounts jobs;
    private final WorkerService workers;
    private final RunQueries runQueries;
    private final JobService jobDefinitions;
    private final Authorizer authorizer;
    private final DashboardProperties settings;
    private final Clock clock;

    DashboardService(
            StatsSource stats,
            RunsSource runs,
            JobCounts jobs,
            WorkerService workers,
            RunQueries runQueries,
            JobService jobDefinitions,
            Authorizer authorizer,
            DashboardProperties settings,
            Clock clock) {
        this.stats = stats;
        this.runs = runs;
        this.jobs = jobs;
        this.workers = workers;
        this.runQueries = runQueries;
        this.jobDefinitions = jobDefinitions;
        this.authorizer = authorizer;
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * The dashboard over the last {@code range} (per minute) and {@code days} (per UTC day), each null for the
     * configured default.
     *
     * @throws io.carillon.console.internal.web.InvalidInputException naming {@code range} or {@code days}
     */
    public Dashboard dashboard(String range, Integer days) {
        DashboardRange spans = DashboardRange.parse(range, days, settings);
        Instant now = clock.instant();
        AppFilter apps = new AppFilter(authorizer.readScope());
        Span minutes = minutesUntil(now, spans);
        Span perDay = daysUntil(now, spans);

        DashboardSource minuteSource = sourceOf(minutes, apps);
        LatenessPoint lateness = minuteSource.latenessOver(minutes, apps);
        return new Dashboard(
                now,
                spans.range(),
                spans.days(),
                totals(apps),
                series(minuteSource, minutes, apps),
                series(sourceOf(perDay, apps), perDay, apps),
                new Lateness(minuteSource.source(), lateness.count(), lateness.p50Ms(), lateness.p99Ms()),
                new FailingJobs(
                        minuteSource.source(), minuteSource.topFailing(minutes, apps, settings.getTopFailingJobs())),
                runQueries
                        .search(
                                new RunSearch(null, null, RUNNING, null, null, null, null, null, null),
                                settings.getRunningRuns())
                        .items());
    }

    /**
     * The charts of job {@code id} over the last {@code range} (per minute) and {@code days} (per UTC day), each null
     * for the configured default, from the runs table.
     *
     * @throws io.carillon.console.internal.jobs.JobNotFoundException when there is no such job
     * @throws org.springframework.security.access.AccessDeniedException when the caller may not read its app
     * @throws io.carillon.console.internal.web.InvalidInputException naming {@code range} or {@code days}
     */
    public JobCharts jobCharts(String id, String range, Integer days) {
        DashboardRange spans = DashboardRange.parse(range, days, settings);
        jobDefinitions.get(id);
        Instant now = clock.instant();
        AppFilter job = new AppFilter(authorizer.readScope(), id);
        return new JobCharts(
                id,
                now,
                spans.range(),
                spans.days(),
                series(runs, minutesUntil(now, spans), job),
                series(runs, daysUntil(now, spans), job));
    }

    private static Span minutesUntil(Instant now, DashboardRange spans) {
        Instant end = now.truncatedTo(ChronoUnit.MINUTES).plus(Duration.ofMinutes(1));
        return new Span(Span.Unit.MINUTE, end.minus(spans.range()), end);
    }

    private static Span daysUntil(Instant now, DashboardRange spans) {
        Instant end = now.truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(1));
        return new Span(Span.Unit.DAY, end.minus(Duration.ofDays(spans.days())), end);
    }

    private DashboardSource sourceOf(Span span, AppFilter apps) {
        return stats.covers(span, apps) ? stats : runs;
    }

    private Totals totals(AppFilter apps) {
        JobCounts.Counts counts = jobs.count(apps);
        List<AppView> known = workers.apps();
        return new Totals(
                counts.jobs(),
                counts.enabled(),
                known.size(),
                known.stream().mapToInt(AppView::liveInstances).sum());
    }

    private static Series series(DashboardSource source, Span span, AppFilter apps) {
        Map<Instant, Map<String, Long>> byStatus = new TreeMap<>();
        for (StatusCount count : source.statusCounts(span, apps)) {
            byStatus.computeIfAbsent(count.bucket(), bucket -> new LinkedHashMap<>())
                    .merge(count.status(), count.runs(), Long::sum);
        }
        Map<Instant, LatenessPoint> lateness = new TreeMap<>();
        for (LatenessPoint point : source.lateness(span, apps)) {
            lateness.put(point.bucket(), point);
        }
        List<Bucket> buckets = byStatus.entrySet().stream()
                .map(entry -> {
                    LatenessPoint point = lateness.get(entry.getKey());
                    return new Bucket(
                            entry.getKey(),
                            entry.getValue(),
                            point == null ? null : point.p50Ms(),
                            point == null ? null : point.p99Ms());
                })
                .toList();
        return new Series(
                source.source(), span.from(), span.to(), span.unit().length.toMillis(), buckets);
    }
}
