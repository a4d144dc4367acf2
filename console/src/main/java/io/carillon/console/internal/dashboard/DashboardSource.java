package io.carillon.console.internal.dashboard;

import io.carillon.console.internal.dashboard.Dashboard.FailingJob;
import io.carillon.console.internal.dashboard.Dashboard.Source;
import java.time.Instant;
import java.util.List;

/** Where the dashboard's run figures are read: the stored stats windows or the runs table. Thread-safe. */
interface DashboardSource {

    /** Runs of one status in one bucket. */
    record StatusCount(Instant bucket, String status, long runs) {}

    /** Lateness of the runs of one bucket (or of a whole span when {@code bucket} is null). */
    record LatenessPoint(Instant bucket, long count, Long p50Ms, Long p99Ms) {}

    Source source();

    /** Whether this source holds any figure of {@code span} for {@code apps}. */
    boolean covers(Span span, AppFilter apps);

    List<StatusCount> statusCounts(Span span, AppFilter apps);

    List<LatenessPoint> lateness(Span span, AppFilter apps);

    LatenessPoint latenessOver(Span span, AppFilter apps);

    /** The {@code limit} jobs with most failed runs over {@code span}, jobs without failure left out. */
    List<FailingJob> topFailing(Span span, AppFilter apps, int limit);
}
