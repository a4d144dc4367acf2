package io.carillon.bench.internal;

import io.carillon.topics.Json;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code import --jobs N}: N cron jobs in one export document, posted to the console's {@code POST /api/v1/import}
 * as a dry run and then applied, on the console alone (planner, dispatcher and worker off). Reports
 * {@code dry_run_ms}, {@code apply_ms} (the one transaction that creates, outboxes and audits every job),
 * {@code published_ms} (until the outbox relay has put the last of them on the jobs topic) and
 * {@code jobs_per_s} of the apply.
 */
final class ImportWorkload implements Workload {

    private static final int DEFAULT_JOBS = 10_000;
    private static final int DEFAULT_PUBLISH_WAIT_S = 600;
    private static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(30);
    private static final String CRON = "0 0 2 * * ?";
    private static final int OK = 200;
    private static final double MILLIS_PER_SECOND = 1000.0;

    @Override
    public Map<String, Object> run(BenchOptions options, Clock clock, PrintStream out) {
        int jobs = options.positiveInt("jobs", DEFAULT_JOBS);
        int publishWaitS = options.positiveInt("publish-wait-s", DEFAULT_PUBLISH_WAIT_S);
        WallClock wallClock = new WallClock(clock);
        Instant startedAt = wallClock.now();
        try (BenchCluster cluster = BenchCluster.start(options, clock, out, BenchCluster.InProcess.CONSOLE_ONLY)) {
            Progress progress = new Progress(out, "import", startedAt, cluster.starts());
            String document = document(BenchJobs.of(jobs, i -> Schedule.cron(CRON, "UTC")));
            progress.say(wallClock.now(), "document of " + jobs + " jobs, " + document.length() / 1024 + " KiB");

            Instant dryRunStart = wallClock.now();
            post(cluster, "dryRun=true", document);
            long dryRunMs = Duration.between(dryRunStart, wallClock.now()).toMillis();
            progress.say(wallClock.now(), "dry run answered in " + dryRunMs + " ms");

            double cpuAtStart = cluster.cpuSeconds();
            Instant applyStart = wallClock.now();
            post(cluster, "dryRun=false", document);
            Instant applied = wallClock.now();
            long applyMs = Duration.between(applyStart, applied).toMillis();
            progress.say(applied, "applied in " + applyMs + " ms");
            boolean published = wallClock.awaitCondition(
                    () -> unpublished(cluster.database()) == 0,
                    applied.plusSeconds(publishWaitS),
                    now -> progress.say(now, "outbox: " + unpublished(cluster.database()) + " rows to publish"));
            long publishedMs = Duration.between(applyStart, wallClock.now()).toMillis();
            double cpu = cluster.cpuSeconds() - cpuAtStart;

            Map<String, Object> line = new LinkedHashMap<>(new ResultLine("import", jobs, 0, 0)
                    .process(cluster.cpuSeconds(), cluster.peakRssMb(), startedAt, GitSha.current())
                    .keys());
            line.put("document_kib", document.length() / 1024);
            line.put("dry_run_ms", dryRunMs);
            line.put("apply_ms", applyMs);
            line.put("jobs_per_s", Math.round(jobs / (applyMs / MILLIS_PER_SECOND)));
            line.put("published", published);
            line.put("published_ms", publishedMs);
            line.put("apply_cpu_s", Math.round(cpu * 100) / 100.0);
            return line;
        }
    }

    private static String document(List<JobDefinition> jobs) {
        return Json.mapper()
                .writeValueAsString(Map.of(
                        "format", "carillon-jobs", "version", 1, "apps", List.of(BenchCluster.APP), "jobs", jobs));
    }

    private static void post(BenchCluster cluster, String query, String document) {
        String basic = Base64.getEncoder()
                .encodeToString(("admin:" + cluster.consolePassword()).getBytes(StandardCharsets.UTF_8));
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + cluster.consolePort() + "/api/v1/import?" + query))
                .timeout(REQUEST_TIMEOUT)
                .header("Content-Type", "application/json")
                .header("Authorization", "Basic " + basic)
                .POST(HttpRequest.BodyPublishers.ofString(document))
                .build();
        try {
            HttpResponse<String> response =
                    HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != OK) {
                String body = response.body();
                throw new IllegalStateException("POST /api/v1/import?" + query + " answered " + response.statusCode()
                        + ": " + body.substring(0, Math.min(body.length(), 2000)));
            }
        } catch (IOException e) {
            throw new IllegalStateException("POST /api/v1/import failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during the import", e);
        }
    }

    private static long unpublished(BenchDatabase database) {
        try (Connection connection =
                        DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT count(*) FROM job_outbox WHERE published_at IS NULL")) {
            rows.next();
            return rows.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the outbox: " + e.getMessage(), e);
        }
    }
}
