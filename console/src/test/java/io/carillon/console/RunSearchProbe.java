package io.carillon.console;

import io.carillon.console.internal.access.ReadScope;
import io.carillon.console.internal.runs.RunCursor;
import io.carillon.console.internal.runs.RunRepository;
import io.carillon.console.internal.runs.RunSearch;
import io.carillon.console.internal.runs.RunView;
import io.carillon.testkit.TestDatabase;
import io.carillon.topics.events.RunStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * Not a test (its name matches no surefire include): a probe run by hand,
 * {@code mvn -B -o -q test -pl console -am -Dtest=RunSearchProbe -Dsurefire.failIfNoSpecifiedTests=false}, output in
 * {@code console/target/surefire-reports/io.carillon.console.RunSearchProbe-output.txt}. It migrates a fresh
 * embedded PostgreSQL, inserts {@value #RUNS} runs of {@value #JOBS} jobs in {@value #APPS} apps (one in
 * {@value #FAILED_ONE_IN} failed, one in {@value #RETRIED_ONE_IN} retried twice), and times {@value #REPEATS} calls of
 * each run search the API makes (a page of {@value #PAGE} runs) and of the attempt chain, printing p50 and p95.
 */
class RunSearchProbe {

    private static final int RUNS = 1_000_000;
    private static final int JOBS = 1_000;
    private static final int APPS = 10;
    private static final int FAILED_ONE_IN = 50;
    private static final int RETRIED_ONE_IN = 1_000;
    private static final int REPEATS = 50;
    private static final int PAGE = 50;
    private static final int DEEP_PAGES = 100;
    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
    private static final double NANOS_PER_MILLI = 1e6;
    private static final double P50 = 0.50;
    private static final double P95 = 0.95;

    @Test
    void timesTheRunSearch() {
        try (TestDatabase database = TestDatabase.create()) {
            Flyway.configure()
                    .dataSource(database.dataSource())
                    .locations("classpath:db/migration")
                    .load()
                    .migrate();
            NamedParameterJdbcTemplate jdbc = new NamedParameterJdbcTemplate(database.dataSource());
            long insertStart = System.nanoTime();
            jdbc.getJdbcTemplate()
                    .update(
                            "INSERT INTO runs (run_id, fire_id, job_id, app, handler, kind, attempt,"
                                    + " shard_index, shard_total, status, instance, scheduled_at, started_at, finished_at, updated_at)"
                                    + " SELECT 'job-' || (i % " + JOBS + ") || '@' || i || '#0', 'job-' || (i % " + JOBS
                                    + ") || '@'"
                                    + " || i, 'job-' || (i % " + JOBS + "), 'app-' || (i % " + JOBS + " % " + APPS
                                    + "), 'echo',"
                                    + " 'SCHEDULED', 1, 0, 1, CASE WHEN i % " + FAILED_ONE_IN
                                    + " = 0 THEN 'FAILED' ELSE 'SUCCEEDED'"
                                    + " END, 'worker-' || (i % 7), ?::timestamptz + i * interval '1 second',"
                                    + " ?::timestamptz + i * interval '1 second' + interval '5 milliseconds',"
                                    + " ?::timestamptz + i * interval '1 second' + (i % 3000) * interval '1 millisecond',"
                                    + " ?::timestamptz FROM generate_series(1, " + RUNS + ") AS i",
                            START.toString(),
                            START.toString(),
                            START.toString(),
                            START.toString());
            jdbc.getJdbcTemplate()
                    .update("INSERT INTO runs (run_id, fire_id, job_id, app, attempt, shard_index,"
                            + " shard_total, status, scheduled_at, updated_at) SELECT split_part(run_id, '#', 1) || '~' || a"
                            + " || '#0', fire_id || '~' || a, job_id, app, a, 0, 1, 'FAILED', scheduled_at, updated_at"
                            + " FROM runs CROSS JOIN generate_series(2, 3) AS a WHERE attempt = 1 AND"
                            + " split_part(split_part(run_id, '@', 2), '#', 1)::bigint % " + RETRIED_ONE_IN + " = 0");
            jdbc.getJdbcTemplate().execute("ANALYZE runs");
            System.out.printf(
                    Locale.ROOT,
                    "inserted %d runs in %.1f s%n",
                    jdbc.getJdbcTemplate().queryForObject("SELECT count(*) FROM runs", Long.class),
                    (System.nanoTime() - insertStart) / 1e9);

            RunRepository runs = new RunRepository(jdbc);
            ReadScope admin = new ReadScope(true, false, Set.of());
            ReadScope twoApps = new ReadScope(false, false, Set.of("app-1", "app-2"));
            time("newest page, ADMIN", () -> runs.search(search(null, null, Set.of(), null), admin, PAGE));
            time("newest page, VIEWER of 2 apps", () -> runs.search(search(null, null, Set.of(), null), twoApps, PAGE));
            time("app=app-3", () -> runs.search(search("app-3", null, Set.of(), null), admin, PAGE));
            time("job=job-42", () -> runs.search(search(null, "job-42", Set.of(), null), admin, PAGE));
            time(
                    "status=FAILED",
                    () -> runs.search(search(null, null, EnumSet.of(RunStatus.FAILED), null), admin, PAGE));
            RunCursor deep = cursorAfter(runs, admin, DEEP_PAGES);
            time(
                    "page " + (DEEP_PAGES + 1) + " by cursor",
                    () -> runs.search(search(null, null, Set.of(), deep), admin, PAGE));
            time("attempt chain", () -> runs.attempts("job-0@" + RETRIED_ONE_IN + "~2#0", PAGE));
        }
    }

    private static RunSearch search(String app, String job, Set<RunStatus> statuses, RunCursor after) {
        return new RunSearch(app, job, statuses, Set.of(), null, null, null, null, after);
    }

    private static RunCursor cursorAfter(RunRepository runs, ReadScope scope, int pages) {
        RunCursor cursor = null;
        for (int page = 0; page < pages; page++) {
            List<RunView> found = runs.search(search(null, null, Set.of(), cursor), scope, PAGE);
            RunView last = found.get(found.size() - 1);
            cursor = new RunCursor(last.scheduledAt(), last.runId());
        }
        return cursor;
    }

    private static void time(String what, Supplier<List<RunView>> search) {
        List<Double> millis = new ArrayList<>();
        int rows = 0;
        for (int i = 0; i < REPEATS; i++) {
            long start = System.nanoTime();
            rows = search.get().size();
            millis.add((System.nanoTime() - start) / NANOS_PER_MILLI);
        }
        millis.sort(Double::compare);
        System.out.printf(
                Locale.ROOT,
                "%-32s rows %3d  p50 %7.2f ms  p95 %7.2f ms%n",
                what,
                rows,
                millis.get((int) (P50 * (REPEATS - 1))),
                millis.get((int) Math.ceil(P95 * (REPEATS - 1))));
    }
}
