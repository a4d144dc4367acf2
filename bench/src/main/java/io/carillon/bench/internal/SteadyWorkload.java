package io.carillon.bench.internal;

import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code steady --jobs J --period-ms P --duration-s D --warmup-s W}: J FIXED_RATE jobs every P ms (epoch-anchored,
 * so every period's J fires fall due together), created through the console's REST API by default (above 1,000
 * jobs by producing them to the jobs topic; {@code --create} overrides). After W s of
 * warm-up a D-second window starts on a whole second; every fire scheduled in it is expected exactly once, and the
 * harness waits up to {@code --drain-s} (default 15) after the window for late ones before counting the rest lost.
 * With {@code --analytics true} the analytics app runs too and the line gets its figures ({@link AnalyticsFigures});
 * {@code --failing F} makes the first F jobs fail (and turns the analytics app on), so the line also gets the
 * failures' time to a webhook.
 */
final class SteadyWorkload implements Workload {

    private static final int DEFAULT_JOBS = 1000;
    private static final int DEFAULT_PERIOD_MS = 1000;
    private static final int DEFAULT_DURATION_S = 30;
    private static final int DEFAULT_WARMUP_S = 10;
    private static final int DEFAULT_DRAIN_S = 15;
    private static final long WHOLE_SECOND_MS = 1000;
    private static final double MILLIS_PER_SECOND = 1000;
    private static final double HUNDREDTHS = 100;
    /** The command name of PostgreSQL's processes, whose CPU counts in {@code cpu_ms_per_fire} when local. */
    private static final String POSTGRES_COMMAND = "postgres";
    /** The part of {@code cpu_ms_per_fire_by_part} that is the worker's own JVM. */
    private static final String WORKER_PROCESS = "worker_process";

    private static final ProcessHandle SELF = ProcessHandle.current();
    /** Above this many jobs the default route is Kafka: the console takes minutes for 10,000 POSTs. */
    private static final int MAX_REST_JOBS = 1000;

    @Override
    public Map<String, Object> run(BenchOptions options, Clock clock, PrintStream out) {
        int jobCount = options.positiveInt("jobs", DEFAULT_JOBS);
        int periodMs = options.positiveInt("period-ms", DEFAULT_PERIOD_MS);
        int durationS = options.positiveInt("duration-s", DEFAULT_DURATION_S);
        int warmupS = options.nonNegativeInt("warmup-s", DEFAULT_WARMUP_S);
        int drainS = options.nonNegativeInt("drain-s", DEFAULT_DRAIN_S);
        int failing = options.nonNegativeInt("failing", 0);
        if (failing > jobCount) {
            throw new UsageException("--failing must be at most --jobs (" + jobCount + "), was " + failing);
        }
        JobRoute route = options.create(jobCount <= MAX_REST_JOBS ? JobRoute.REST : JobRoute.KAFKA);
        WallClock wallClock = new WallClock(clock);
        Instant startedAt = wallClock.now();

        List<JobDefinition> jobs = BenchJobs.of(jobCount, failing, i -> Schedule.fixedRate(periodMs));
        Set<String> failingIds = Set.copyOf(BenchJobs.ids(jobs.subList(0, failing)));
        try (BenchCluster cluster = BenchCluster.start(options, clock, out);
                AnalyticsFigures analytics =
                        cluster.analytics() ? AnalyticsFigures.start(cluster, failingIds, clock) : null) {
            Progress progress = new Progress(out, "steady", startedAt, cluster.starts());
            progress.say(wallClock.now(), "creating " + jobCount + " FIXED_RATE " + periodMs + " ms jobs via " + route);
            Instant creating = wallClock.now();
            JobCreator.of(route, cluster).create(jobs);
            Instant created = wallClock.now();
            long createMs = Duration.between(creating, created).toMillis();
            progress.say(created, "created in " + createMs + " ms");

            Instant windowStart = WallClock.ceil(created.plusSeconds(warmupS), WHOLE_SECOND_MS);
            Instant windowEnd = windowStart.plusSeconds(durationS);
            ExpectedFires expected = new ExpectedFires(
                    BenchJobs.ids(jobs), instants(windowStart, windowEnd, periodMs), windowStart, windowEnd);
            wallClock.awaitInstant(windowStart, now -> progress.rate(now, "warm-up"));
            Map<String, Long> offsetsAtStart = TopicOffsets.snapshot(cluster.clientConfig());
            double cpuAtStart = cluster.cpuSeconds();
            double postgresCpuAtStart = ProcessMeter.cpuSecondsOfCommand(POSTGRES_COMMAND);
            long startsAtStart = cluster.starts().total();
            double jitCpuAtStart = cluster.jitCpuSeconds();
            double workerProcessCpuAtStart = cluster.workerProcessCpuSeconds();
            Map<Long, Long> ticksAtStart = ThreadTicks.of(SELF.pid());
            double loadAtStart = ProcessMeter.loadAverage();
            if (analytics != null) {
                analytics.windowStarts();
            }
            progress.say(
                    wallClock.now(), "window of " + durationS + " s starts, expecting " + expected.count() + " fires");
            wallClock.awaitInstant(windowEnd, now -> progress.rate(now, "window"));
            double windowCpu = cluster.cpuSeconds() - cpuAtStart;
            double windowPostgresCpu = ProcessMeter.cpuSecondsOfCommand(POSTGRES_COMMAND) - postgresCpuAtStart;
            long windowStarts = cluster.starts().total() - startsAtStart;
            double windowJitCpu = cluster.jitCpuSeconds() - jitCpuAtStart;
            Map<String, Double> windowCpuByPart = ProcessParts.secondsByPart(
                    ThreadTicks.spent(ticksAtStart, ThreadTicks.of(SELF.pid())), ThreadNames.of(SELF.pid()));
            windowCpuByPart.put(WORKER_PROCESS, cluster.workerProcessCpuSeconds() - workerProcessCpuAtStart);
            windowCpuByPart.put(POSTGRES_COMMAND, windowPostgresCpu);
            Map<String, Double> offsetsPerFire = TopicOffsets.perFire(
                    offsetsAtStart,
                    TopicOffsets.snapshot(cluster.clientConfig()),
                    cluster.catalog().prefix(),
                    windowStarts);
            if (analytics != null) {
                analytics.windowEnds();
            }
            Outstanding outstanding = new Outstanding(expected, cluster.starts());
            boolean drained = wallClock.awaitCondition(
                    () -> outstanding.count() == 0, windowEnd.plusSeconds(drainS), now -> progress.rate(now, "drain"));
            progress.say(
                    wallClock.now(),
                    drained
                            ? "every expected fire reached a handler"
                            : "drain time over, " + outstanding.count() + " fires missing");

            FireTally tally = FireTally.of(expected, cluster.starts());
            Map<String, Object> stages = PipelineStages.measure(
                    cluster.clientConfig(), cluster.catalog(), BenchCluster.APP, expected, cluster.starts(), wallClock);
            Map<String, Object> analyticsFigures = analytics == null
                    ? Map.of()
                    : analytics.measure(windowStart, windowEnd, tally.observed(), wallClock, progress);
            long materialized = new MaterializedRuns(cluster.database(), wallClock, out)
                    .await(
                            windowStart,
                            windowEnd,
                            tally.observed(),
                            Duration.ofSeconds(
                                    options.nonNegativeInt("materialize-wait-s", MaterializedRuns.DEFAULT_WAIT_S)));
            ResultLine line = new ResultLine("steady", jobCount, periodMs, durationS)
                    .tally(tally, (double) tally.observed() / durationS)
                    .materialized(materialized)
                    .process(cluster.cpuSeconds(), cluster.peakRssMb(), startedAt, GitSha.current());
            return line.put("warmup_s", warmupS)
                    .put("observed_per_instant", expected.observedPerInstant(cluster.starts()))
                    .put("max_lateness_per_instant_ms", expected.maxLatenessPerInstant(cluster.starts()))
                    .load(loadAtStart)
                    .put("window_start", windowStart.toString())
                    .put("window_cpu_s", Math.round(windowCpu * 100) / 100.0)
                    .put("window_postgres_cpu_s", Math.round(windowPostgresCpu * 100) / 100.0)
                    .put("window_jit_cpu_s", Math.round(windowJitCpu * 100) / 100.0)
                    .put("cpu_ms_per_fire", cpuMsPerFire(windowCpu + windowPostgresCpu, windowStarts))
                    .put("cpu_ms_per_fire_by_part", cpuMsPerFireByPart(windowCpuByPart, windowStarts))
                    .put("offsets_per_fire", offsetsPerFire)
                    .putAll(recordsPerFire(offsetsPerFire))
                    .put("analytics", analytics != null)
                    .putAll(analyticsFigures)
                    .strays(tally)
                    .putAll(stages)
                    .setup(cluster, route, createMs)
                    .keys();
        }
    }

    /** CPU milliseconds per handler start in the window, to three decimals; null when nothing started. */
    static Double cpuMsPerFire(double cpuSeconds, long starts) {
        return starts == 0 ? null : Math.round(cpuSeconds * MILLIS_PER_SECOND * 1000 / starts) / 1000.0;
    }

    /**
     * {@code cpu_ms_per_fire_by_part}: the CPU milliseconds per handler start of each part of this JVM (by thread
     * name, {@link ProcessParts}), of the worker process and of PostgreSQL; empty when nothing started.
     */
    static Map<String, Double> cpuMsPerFireByPart(Map<String, Double> cpuSecondsByPart, long starts) {
        Map<String, Double> perFire = new LinkedHashMap<>();
        if (starts > 0) {
            cpuSecondsByPart.forEach((part, seconds) -> perFire.put(part, cpuMsPerFire(seconds, starts)));
        }
        return perFire;
    }

    /**
     * {@code records_per_fire}, the records written to every topic per fire in the window: the sum of
     * {@code offsets_per_fire}, to two decimals; no key when no topic grew or nothing fired.
     */
    static Map<String, Object> recordsPerFire(Map<String, Double> offsetsPerFire) {
        if (offsetsPerFire.isEmpty()) {
            return Map.of();
        }
        double sum = offsetsPerFire.values().stream()
                .mapToDouble(Double::doubleValue)
                .sum();
        return Map.of("records_per_fire", Math.round(sum * HUNDREDTHS) / HUNDREDTHS);
    }

    private static List<Instant> instants(Instant from, Instant to, long periodMs) {
        List<Instant> instants = new ArrayList<>();
        for (Instant at = WallClock.ceil(from, periodMs); at.isBefore(to); at = at.plusMillis(periodMs)) {
            instants.add(at);
        }
        return instants;
    }
}
