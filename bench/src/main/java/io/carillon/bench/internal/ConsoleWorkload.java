package io.carillon.bench.internal;

import io.carillon.topics.Json;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntFunction;
import tools.jackson.databind.JsonNode;

/**
 * {@code console --jobs N --runs M}: N jobs and M runs over {@code --days} days (with logs for some runs) written
 * straight into the console's database ({@link ConsoleData}), then the console's REST API timed request by request,
 * one at a time after a warm-up: the jobs list (first page; pages filtered by app, by search text and by last run
 * status; later pages by cursor), the run search (no filter, by job, by status, by app, by an hour's time range;
 * later pages by cursor), the run page and a run's log. Reports p50, p95 and p99 in ms per kind.
 */
final class ConsoleWorkload implements Workload {

    private static final int DEFAULT_JOBS = 100_000;
    private static final int DEFAULT_RUNS = 10_000_000;
    private static final int DEFAULT_DAYS = 30;
    private static final int DEFAULT_REQUESTS = 300;
    private static final int WARMUP_REQUESTS = 30;
    private static final int LATER_PAGES = 4;
    private static final int PAGE_SIZE = 50;
    private static final int OK = 200;
    private static final int ERROR_CHARS = 500;
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);
    private static final double NANOS_PER_MS = 1_000_000.0;
    private static final int[] PERCENTILES = {50, 95, 99};

    private final HttpClient http = HttpClient.newHttpClient();

    @Override
    public Map<String, Object> run(BenchOptions options, Clock clock, PrintStream out) {
        int jobs = options.positiveInt("jobs", DEFAULT_JOBS);
        int runs = options.positiveInt("runs", DEFAULT_RUNS);
        int days = options.positiveInt("days", DEFAULT_DAYS);
        int requests = options.positiveInt("requests", DEFAULT_REQUESTS);
        double loadAtStart = ProcessMeter.loadAverage();
        WallClock wallClock = new WallClock(clock);
        Instant startedAt = wallClock.now();
        try (BenchCluster cluster = BenchCluster.start(options, clock, out, BenchCluster.InProcess.CONSOLE_ONLY)) {
            Progress progress = new Progress(out, "console", startedAt, cluster.starts());
            ConsoleData data = new ConsoleData(cluster.database(), jobs, runs, days, startedAt);
            Instant loadStart = wallClock.now();
            data.load(progress, wallClock);
            long loadMs = Duration.between(loadStart, wallClock.now()).toMillis();
            Api api = new Api(cluster, wallClock.now());

            Map<String, Object> timings = new LinkedHashMap<>();
            timings.put(
                    "jobs_first_page",
                    measure(
                            progress,
                            wallClock,
                            "jobs first page",
                            requests,
                            i -> api.get("/api/v1/jobs?size=" + PAGE_SIZE)));
            timings.put(
                    "jobs_filtered",
                    measure(
                            progress,
                            wallClock,
                            "jobs filtered",
                            requests,
                            i -> api.get("/api/v1/jobs?size=" + PAGE_SIZE + "&" + jobFilter(data, i))));
            timings.put(
                    "jobs_later_pages",
                    measure(
                            progress,
                            wallClock,
                            "jobs later pages",
                            requests,
                            i -> laterPage(api, "/api/v1/jobs?size=" + PAGE_SIZE + "&" + jobFilter(data, i), i)));
            timings.put(
                    "runs_search",
                    measure(
                            progress,
                            wallClock,
                            "run search",
                            requests,
                            i -> api.get("/api/v1/runs?size=" + PAGE_SIZE + runFilter(data, i))));
            timings.put(
                    "runs_later_pages",
                    measure(
                            progress,
                            wallClock,
                            "run search later pages",
                            requests,
                            i -> laterPage(api, "/api/v1/runs?size=" + PAGE_SIZE + runFilter(data, i), i)));
            timings.put(
                    "run_page",
                    measure(
                            progress,
                            wallClock,
                            "run page",
                            requests,
                            i -> api.get("/api/v1/runs/" + encode(data.randomRunId(false)))));
            timings.put(
                    "run_log",
                    measure(
                            progress,
                            wallClock,
                            "run log",
                            requests,
                            i -> api.get("/api/v1/runs/" + encode(data.randomRunId(true)) + "/logs")));

            Map<String, Object> line = new LinkedHashMap<>(new ResultLine("console", jobs, 0, 0)
                    .process(cluster.cpuSeconds(), cluster.peakRssMb(), startedAt, GitSha.current())
                    .load(loadAtStart)
                    .keys());
            line.put("runs", data.runs());
            line.put("days", days);
            line.put("log_lines", data.runs() / ConsoleData.LOG_EVERY * ConsoleData.LINES_PER_LOG);
            line.put("load_ms", loadMs);
            line.put("runs_mb", data.sizeMb("runs"));
            line.put("run_logs_mb", data.sizeMb("run_logs"));
            line.put("requests_per_kind", requests);
            line.put("page_size", PAGE_SIZE);
            line.put("latency_ms", timings);
            line.put("postgres", cluster.database().embedded() ? "embedded" : "server");
            return line;
        }
    }

    /** Filters of the jobs list, in turn: by app, by search text, by the last run's status. */
    private static String jobFilter(ConsoleData data, int i) {
        return switch (i % 3) {
            case 0 -> "app=" + data.app(i);
            case 1 ->
                "q="
                        + encode(data.jobId(1 + ThreadLocalRandom.current().nextInt(data.jobs()))
                                .substring(0, BenchJobs.ID_PREFIX.length() + 4));
            default -> "status=FAILED";
        };
    }

    /** Filters of the run search, in turn: none, a job, a status, an app, an hour of a random day. */
    private static String runFilter(ConsoleData data, int i) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return switch (i % 5) {
            case 0 -> "";
            case 1 -> "&job=" + data.jobId(1 + random.nextInt(data.jobs()));
            case 2 -> "&status=FAILED";
            case 3 -> "&app=" + data.app(i);
            default -> {
                Instant from = data.dayStart(random.nextInt(data.days())).plus(Duration.ofHours(random.nextInt(24)));
                yield "&from=" + from + "&to=" + from.plus(Duration.ofHours(1));
            }
        };
    }

    /** Follows {@code nextCursor} from the first page of {@code path}, timing only page {@code 2 + i % 4}. */
    private static Duration laterPage(Api api, String path, int i) {
        String cursor = null;
        for (int page = 0; page <= i % LATER_PAGES; page++) {
            JsonNode body =
                    Json.mapper().readTree(api.fetch(path + (cursor == null ? "" : "&cursor=" + encode(cursor))));
            JsonNode next = body.get("nextCursor");
            if (next == null || next.isNull()) {
                return null;
            }
            cursor = next.asString();
        }
        long start = System.nanoTime();
        api.fetch(path + "&cursor=" + encode(cursor));
        return Duration.ofNanos(System.nanoTime() - start);
    }

    private static Map<String, Object> measure(
            Progress progress, WallClock clock, String kind, int requests, IntFunction<Duration> request) {
        for (int i = 0; i < WARMUP_REQUESTS; i++) {
            request.apply(i);
        }
        List<Long> nanos = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            Duration took = request.apply(i);
            if (took != null) {
                nanos.add(took.toNanos());
            }
        }
        nanos.sort(null);
        Map<String, Object> figures = new LinkedHashMap<>();
        for (int percentile : PERCENTILES) {
            int index = Math.min(nanos.size() - 1, (int) Math.ceil(percentile / 100.0 * nanos.size()) - 1);
            figures.put("p" + percentile, Math.round(nanos.get(Math.max(0, index)) / NANOS_PER_MS * 10) / 10.0);
        }
        figures.put("max", Math.round(nanos.get(nanos.size() - 1) / NANOS_PER_MS * 10) / 10.0);
        figures.put("requests", nanos.size());
        progress.say(clock.now(), kind + ": " + figures);
        return figures;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /**
     * GETs of the console's API with an API token of the ADMIN grant, created once with the admin's password (a
     * password is checked with bcrypt on every HTTP Basic request, a token by its SHA-256, as a browser session
     * is by its cookie); {@link #get} answers the request's duration.
     */
    private final class Api {
        private static final Duration TOKEN_LIFETIME = Duration.ofDays(1);
        private static final int CREATED = 201;

        private final String base;
        private final String authorization;

        Api(BenchCluster cluster, Instant now) {
            this.base = "http://127.0.0.1:" + cluster.consolePort();
            String basic = "Basic "
                    + Base64.getEncoder()
                            .encodeToString(("admin:" + cluster.consolePassword()).getBytes(StandardCharsets.UTF_8));
            String body = """
                    {"name": "bench", "grants": [{"role": "ADMIN", "app": "*"}], "expiresAt": "%s"}""".formatted(now.plus(TOKEN_LIFETIME));
            HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/api/v1/tokens"))
                    .timeout(REQUEST_TIMEOUT)
                    .header("Authorization", basic)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build();
            String answer = send(request, CREATED);
            this.authorization =
                    "Bearer " + Json.mapper().readTree(answer).get("token").asString();
        }

        Duration get(String path) {
            long start = System.nanoTime();
            fetch(path);
            return Duration.ofNanos(System.nanoTime() - start);
        }

        String fetch(String path) {
            return send(
                    HttpRequest.newBuilder(URI.create(base + path))
                            .timeout(REQUEST_TIMEOUT)
                            .header("Authorization", authorization)
                            .GET()
                            .build(),
                    OK);
        }

        private String send(HttpRequest request, int expected) {
            String what = request.method() + " " + request.uri().getPath();
            try {
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() != expected) {
                    throw new IllegalStateException(what + " answered " + response.statusCode() + ": "
                            + response.body()
                                    .substring(0, Math.min(response.body().length(), ERROR_CHARS)));
                }
                return response.body();
            } catch (IOException e) {
                throw new IllegalStateException(what + " failed: " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted during " + what, e);
            }
        }
    }
}
