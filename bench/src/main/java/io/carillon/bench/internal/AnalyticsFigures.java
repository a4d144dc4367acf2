package io.carillon.bench.internal;

import io.carillon.topics.Json;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The analytics figures of a steady run with the analytics app on: how soon each whole minute of the window has its
 * app minute record on {@code stats} ({@link StatsWatcher}), the CPU the analytics app's threads spent in the window
 * per fire ({@link ThreadCpu}: every thread whose name holds the application id {@code <prefix>analytics}), and,
 * with failing jobs, how soon each of their failures reached a webhook channel ({@link WebhookReceiver}: a channel
 * for app {@value BenchCluster#APP} with a silence window of 0, created before the jobs). Used by the workload's
 * thread.
 */
final class AnalyticsFigures implements AutoCloseable {

    static final String CHANNEL = "bench-webhook";
    /** How long after the window's last whole minute ends its app minute record may take to arrive. */
    private static final Duration STATS_WAIT = Duration.ofSeconds(60);
    /** How long after the window's failed runs are read their notifications may take to arrive. */
    private static final Duration WEBHOOK_WAIT = Duration.ofSeconds(30);

    private static final double NANOS_PER_MILLI = 1_000_000.0;
    private static final double ROUND_TO_THOUSANDTHS = 1000.0;

    private final BenchCluster cluster;
    private final Set<String> failingJobIds;
    private final StatsWatcher stats;
    private final WebhookReceiver webhook;
    private final String threadNames;
    private final GroupLag resultsLag;
    private Map<Long, Long> cpuAtWindowStart = Map.of();
    private long resultsLagAtWindowEnd;
    private long windowCpuNanos;
    private int threads;

    private AnalyticsFigures(
            BenchCluster cluster, Set<String> failingJobIds, StatsWatcher stats, WebhookReceiver webhook) {
        this.cluster = cluster;
        this.failingJobIds = failingJobIds;
        this.stats = stats;
        this.webhook = webhook;
        this.threadNames = cluster.catalog().prefix() + "analytics";
        this.resultsLag = new GroupLag(
                cluster.clientConfig(), threadNames, cluster.catalog().results());
    }

    /**
     * Starts watching {@code stats} and, when {@code failingJobIds} is not empty, the webhook receiver and its channel
     * on the console. Call before the jobs are created.
     */
    static AnalyticsFigures start(BenchCluster cluster, Set<String> failingJobIds, Clock clock) {
        StatsWatcher stats =
                StatsWatcher.start(cluster.clientConfig(), cluster.catalog().stats(), BenchCluster.APP, clock);
        if (failingJobIds.isEmpty()) {
            return new AnalyticsFigures(cluster, failingJobIds, stats, null);
        }
        String secret = UUID.randomUUID().toString();
        WebhookReceiver webhook = WebhookReceiver.start(clock, secret);
        AnalyticsFigures figures = new AnalyticsFigures(cluster, failingJobIds, stats, webhook);
        try {
            ConsoleApi console = new ConsoleApi(cluster.consolePort(), cluster.consolePassword());
            console.create(
                    "/api/v1/channels",
                    console.newAuthorization(),
                    Json.mapper()
                            .writeValueAsString(Map.of(
                                    "name",
                                    CHANNEL,
                                    "type",
                                    "WEBHOOK",
                                    "target",
                                    webhook.url(),
                                    "secret",
                                    secret,
                                    "apps",
                                    List.of(BenchCluster.APP),
                                    "silenceMs",
                                    0)));
        } catch (RuntimeException e) {
            figures.close();
            throw e;
        }
        return figures;
    }

    /** Notes the analytics threads' CPU at the window's start. */
    void windowStarts() {
        cpuAtWindowStart = ThreadCpu.snapshot(threadNames);
    }

    /**
     * Notes the analytics threads' CPU spent since {@link #windowStarts()}, and how many records of {@code results}
     * the analytics app has not committed yet.
     */
    void windowEnds() {
        Map<Long, Long> now = ThreadCpu.snapshot(threadNames);
        windowCpuNanos = ThreadCpu.spentNanos(cpuAtWindowStart, now);
        threads = now.size();
        resultsLagAtWindowEnd = resultsLag.remaining();
    }

    /**
     * Waits for the stats of the window's last whole minute and the notifications of its failures, then returns the
     * figures' keys: {@code stats_delay_ms} (app minute records), {@code job_stats_delay_ms} (the last job minute
     * record of each minute) and {@code job_stats_records_per_minute}, {@code analytics_cpu_s},
     * {@code analytics_cpu_ms_per_fire} ({@code fires} handler starts in the window), {@code analytics_results_lag}
     * (records of {@code results} it had not committed at the window's end and after the stats wait), and with failing
     * jobs the
     * keys of {@link FailureToWebhook#of}.
     */
    Map<String, Object> measure(
            Instant windowStart, Instant windowEnd, long fires, WallClock wallClock, Progress progress) {
        Map<String, Object> figures = new LinkedHashMap<>();
        List<Instant> minutes = StatsDelay.wholeMinutes(windowStart, windowEnd);
        if (!minutes.isEmpty()) {
            Instant deadline =
                    minutes.get(minutes.size() - 1).plus(Duration.ofMinutes(1)).plus(STATS_WAIT);
            boolean complete = wallClock.awaitCondition(
                    () -> StatsDelay.complete(minutes, stats.appMinutes()),
                    deadline,
                    now -> progress.say(now, "waiting for the app minute stats of " + minutes));
            progress.say(
                    wallClock.now(),
                    complete
                            ? "every whole minute of the window has its app stats"
                            : "some minutes of the window never got their app stats");
        }
        figures.put("stats_delay_ms", StatsDelay.of(minutes, stats.appMinutes()));
        figures.put("job_stats_delay_ms", StatsDelay.of(minutes, stats.lastJobMinutes()));
        List<Long> jobRecords = new ArrayList<>();
        minutes.forEach(minute -> jobRecords.add(stats.jobMinuteRecords().getOrDefault(minute, 0L)));
        figures.put("job_stats_records_per_minute", jobRecords);
        double cpuMs = windowCpuNanos / NANOS_PER_MILLI;
        figures.put("analytics_cpu_s", Math.round(cpuMs) / ROUND_TO_THOUSANDTHS);
        figures.put(
                "analytics_cpu_ms_per_fire",
                fires == 0 ? null : Math.round(cpuMs / fires * ROUND_TO_THOUSANDTHS) / ROUND_TO_THOUSANDTHS);
        figures.put("analytics_threads", threads);
        figures.put(
                "analytics_results_lag",
                Map.of("window_end", resultsLagAtWindowEnd, "after_stats_wait", resultsLag.remaining()));
        if (webhook != null) {
            figures.put("failing_jobs", failingJobIds.size());
            figures.putAll(notifications(windowStart, windowEnd, wallClock, progress));
        }
        return figures;
    }

    private Map<String, Object> notifications(
            Instant windowStart, Instant windowEnd, WallClock wallClock, Progress progress) {
        Map<String, Instant> failures = FailureToWebhook.failedRuns(
                cluster.clientConfig(), cluster.catalog().results(), failingJobIds, windowStart, windowEnd, wallClock);
        boolean all = wallClock.awaitCondition(
                () -> FailureToWebhook.arrived(failures, webhook.arrivals()) == failures.size(),
                wallClock.now().plus(WEBHOOK_WAIT),
                now -> progress.say(
                        now,
                        "webhook: "
                                + FailureToWebhook.arrived(failures, webhook.arrivals()) + " of " + failures.size()
                                + " failures notified"));
        progress.say(
                wallClock.now(),
                all
                        ? "every failure of the window reached the webhook"
                        : "some failures of the window never reached the webhook");
        return FailureToWebhook.of(failures, List.copyOf(webhook.arrivals()));
    }

    @Override
    public void close() {
        stats.close();
        if (webhook != null) {
            webhook.close();
        }
    }
}
