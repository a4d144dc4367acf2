package io.carillon.bench.internal;

import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code scale --jobs N --active J}: N registered CRON jobs, hourly, spread over the hour (job i at second
 * {@code i mod 3600} of every hour), plus J FIXED_RATE jobs firing every second, all produced straight to the jobs
 * topic ({@link BulkJobProducer}). The planner runs as a process of its own, so that its heap and RSS are its own;
 * dispatcher, worker, console and broker run in this one. Once the planner has read every job, a D-second window
 * measures the lateness of the active jobs; then the planner's live heap ({@link HeapProbe}) and RSS are read, and
 * it is stopped (SIGTERM) and started again on the same state folder: {@code restart_to_first_fire_ms} is from that
 * start to the first fire it writes that becomes readable on {@code fires}.
 */
final class ScaleWorkload implements Workload {

    private static final int DEFAULT_JOBS = 100_000;
    private static final int DEFAULT_ACTIVE = 1000;
    private static final int DEFAULT_DURATION_S = 30;
    private static final int DEFAULT_WARMUP_S = 10;
    private static final int DEFAULT_DRAIN_S = 15;
    private static final int DEFAULT_INTAKE_TIMEOUT_S = 3600;
    private static final int RESTART_TIMEOUT_S = 600;
    private static final long ACTIVE_PERIOD_MS = 1000;
    private static final int SECONDS_PER_HOUR = 3600;
    private static final int SECONDS_PER_MINUTE = 60;
    private static final long WHOLE_SECOND_MS = 1000;
    private static final String HOURLY_PREFIX = "hourly-";
    private static final String PLANNER = "planner";
    /** Hidden: JVM options of both planner processes, blank-separated (a JFR recording, a log configuration). */
    private static final String PLANNER_JVM_OPTIONS = "planner-jvm-options";
    /** Hidden: one Kafka Streams property {@code name=value} for both planner processes (A/B of a setting). */
    private static final String PLANNER_STREAMS_PROPERTY = "planner-streams-property";

    @Override
    public Map<String, Object> run(BenchOptions options, Clock clock, PrintStream out) {
        int registered = options.positiveInt("jobs", DEFAULT_JOBS);
        int active = options.positiveInt("active", DEFAULT_ACTIVE);
        int durationS = options.positiveInt("duration-s", DEFAULT_DURATION_S);
        int warmupS = options.nonNegativeInt("warmup-s", DEFAULT_WARMUP_S);
        int drainS = options.nonNegativeInt("drain-s", DEFAULT_DRAIN_S);
        int intakeTimeoutS = options.positiveInt("intake-timeout-s", DEFAULT_INTAKE_TIMEOUT_S);
        WallClock wallClock = new WallClock(clock);
        Instant startedAt = wallClock.now();

        try (BenchCluster cluster =
                        BenchCluster.start(options, clock, out, new BenchCluster.InProcess(false, true, true));
                ProcessFleet fleet = new ProcessFleet(
                        cluster.dataDir().resolve("processes"),
                        ProcessFleet.logFolder(),
                        cluster.componentArgs(),
                        out)) {
            Path stateDir = cluster.dataDir().resolve("processes").resolve("planner-state");
            List<String> plannerArgs = new ArrayList<>(List.of("--state-dir", stateDir.toString()));
            options.text(PLANNER_STREAMS_PROPERTY)
                    .ifPresent(property -> plannerArgs.addAll(List.of("--streams-property", property)));
            List<String> plannerJvm = options.jvmOptions(PLANNER_JVM_OPTIONS);
            ChildProcess planner = fleet.start("planner-1", PLANNER, plannerJvm, plannerArgs);
            Progress progress = new Progress(out, "scale", startedAt, cluster.starts());
            fleet.awaitStarted(wallClock, wallClock.now().plusSeconds(RESTART_TIMEOUT_S));

            progress.say(
                    wallClock.now(),
                    "producing " + registered + " hourly CRON jobs and " + active
                            + " every-second jobs to the jobs topic");
            Instant creating = wallClock.now();
            int digits = Math.max(7, Integer.toString(registered).length());
            new BulkJobProducer(cluster.clientConfig(), cluster.catalog()).produce(registered, i -> hourly(i, digits));
            List<JobDefinition> activeJobs = BenchJobs.of(active, i -> Schedule.fixedRate(ACTIVE_PERIOD_MS));
            new BulkJobProducer(cluster.clientConfig(), cluster.catalog()).produce(active, activeJobs::get);
            Instant created = wallClock.now();
            long createMs = Duration.between(creating, created).toMillis();
            progress.say(created, "produced in " + createMs + " ms; waiting for the planner to read them");

            GroupLag intake = new GroupLag(
                    cluster.clientConfig(),
                    cluster.catalog().prefix() + "planner",
                    cluster.catalog().jobs());
            long[] remaining = {intake.remaining()};
            boolean read = wallClock.awaitCondition(
                    () -> (remaining[0] = intake.remaining()) == 0,
                    created.plusSeconds(intakeTimeoutS),
                    now -> progress.say(now, "planner intake: " + remaining[0] + " jobs still to read"));
            Instant intakeDone = wallClock.now();
            long intakeMs = Duration.between(created, intakeDone).toMillis();
            progress.say(
                    intakeDone,
                    read
                            ? "the planner read every job in " + intakeMs + " ms"
                            : "intake time over, " + remaining[0] + " jobs not read");

            Instant windowStart = WallClock.ceil(intakeDone.plusSeconds(warmupS), WHOLE_SECOND_MS);
            Instant windowEnd = windowStart.plusSeconds(durationS);
            ExpectedFires expected = new ExpectedFires(
                    BenchJobs.ids(activeJobs), instants(windowStart, windowEnd), windowStart, windowEnd);
            wallClock.awaitInstant(windowStart, now -> progress.rate(now, "warm-up"));
            double loadAtStart = ProcessMeter.loadAverage();
            progress.say(
                    wallClock.now(),
                    "window of " + durationS + " s starts, expecting " + expected.count()
                            + " fires of the active jobs");
            wallClock.awaitInstant(windowEnd, now -> progress.rate(now, "window"));
            Outstanding outstanding = new Outstanding(expected, cluster.starts());
            wallClock.awaitCondition(
                    () -> outstanding.count() == 0, windowEnd.plusSeconds(drainS), now -> progress.rate(now, "drain"));
            FireTally tally = FireTally.of(expected, cluster.starts());

            double[] heap = HeapProbe.afterFullGc(planner.pid());
            double plannerRssMb = ProcessMeter.rssMb(Long.toString(planner.pid()));
            progress.say(
                    wallClock.now(),
                    "planner heap after full GC " + heap[0] + " MB (committed " + heap[1] + " MB), RSS " + plannerRssMb
                            + " MB; restarting it on the same state folder");

            planner.stop();
            Instant restartedAt;
            FirstFire.Seen firstFire;
            try (FirstFire watch = FirstFire.open(cluster.clientConfig(), cluster.catalog())) {
                restartedAt = wallClock.now();
                planner = fleet.start("planner-2", PLANNER, plannerJvm, plannerArgs);
                firstFire = watch.await(wallClock, restartedAt.plusSeconds(RESTART_TIMEOUT_S));
            }
            double restartMs = firstFire == null
                    ? -1
                    : Duration.between(restartedAt, firstFire.seenAt()).toNanos() / 1e6;
            progress.say(
                    wallClock.now(),
                    firstFire == null
                            ? "no fire after the restart"
                            : "first fire after the restart in " + Math.round(restartMs) + " ms");

            Map<String, Object> stages = PipelineStages.measure(
                    cluster.clientConfig(), cluster.catalog(), BenchCluster.APP, expected, cluster.starts(), wallClock);
            long materialized = new MaterializedRuns(cluster.database(), wallClock, out)
                    .await(
                            windowStart,
                            windowEnd,
                            tally.observed(),
                            Duration.ofSeconds(
                                    options.nonNegativeInt("materialize-wait-s", MaterializedRuns.DEFAULT_WAIT_S)));
            ResultLine line = new ResultLine("scale", registered, ACTIVE_PERIOD_MS, durationS)
                    .tally(tally, (double) tally.observed() / durationS)
                    .materialized(materialized)
                    .process(
                            cluster.cpuSeconds() + fleet.cpuSeconds(),
                            Math.max(cluster.peakRssMb(), fleet.maxPeakRssMb()),
                            startedAt,
                            GitSha.current());
            return line.put("planner_heap_mb", heap[0])
                    .put("restart_to_first_fire_ms", Math.round(restartMs * 10) / 10.0)
                    .put(
                            "restart_first_fire_emit_ms",
                            firstFire == null
                                    ? -1
                                    : Math.round(Duration.between(restartedAt, firstFire.emittedAt())
                                                            .toNanos()
                                                    / 1e5)
                                            / 10.0)
                    .put("planner_heap_committed_mb", heap[1])
                    .put("planner_rss_mb", plannerRssMb)
                    .put("active", active)
                    .put("intake_ms", intakeMs)
                    .put("intake_complete", read)
                    .put("warmup_s", warmupS)
                    .load(loadAtStart)
                    .put("window_start", windowStart.toString())
                    .strays(tally)
                    .putAll(stages)
                    .fleet(fleet)
                    .setup(cluster, JobRoute.KAFKA, createMs)
                    .keys();
        }
    }

    /** Job i of the registered ones: hourly at second {@code i mod 3600} of the hour. */
    private static JobDefinition hourly(int i, int digits) {
        int second = i % SECONDS_PER_HOUR;
        return JobDefinition.builder(HOURLY_PREFIX + String.format("%0" + digits + "d", i + 1))
                .app(BenchCluster.APP)
                .handler(BenchCluster.HANDLER)
                .description("carillon-bench registered hourly job")
                .schedule(Schedule.cron(
                        (second % SECONDS_PER_MINUTE) + " " + (second / SECONDS_PER_MINUTE) + " * * * ?", "UTC"))
                .build();
    }

    private static List<Instant> instants(Instant from, Instant to) {
        List<Instant> instants = new ArrayList<>();
        for (Instant at = from; at.isBefore(to); at = at.plusMillis(ACTIVE_PERIOD_MS)) {
            instants.add(at);
        }
        return instants;
    }
}
