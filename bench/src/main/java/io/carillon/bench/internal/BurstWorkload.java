package io.carillon.bench.internal;

import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * {@code burst --fires N}: N ONCE jobs all due at the same whole second, {@code --lead-s} (default 20) s after the
 * parts are up, produced to the jobs topic by default ({@code --create rest} goes through the console). Reports
 * {@code drain_ms}: from that instant until the last handler started. Waits up to {@code --drain-s} (default 60)
 * after the instant before counting missing fires lost.
 */
final class BurstWorkload implements Workload {

    private static final int DEFAULT_FIRES = 10_000;
    private static final int DEFAULT_LEAD_S = 20;
    private static final int DEFAULT_DRAIN_S = 60;
    private static final long WHOLE_SECOND_MS = 1000;
    private static final double MICROS_PER_MILLI = 1000.0;

    @Override
    public Map<String, Object> run(BenchOptions options, Clock clock, PrintStream out) {
        int fires = options.positiveInt("fires", DEFAULT_FIRES);
        int leadS = options.positiveInt("lead-s", DEFAULT_LEAD_S);
        int drainS = options.nonNegativeInt("drain-s", DEFAULT_DRAIN_S);
        JobRoute route = options.create(JobRoute.KAFKA);
        WallClock wallClock = new WallClock(clock);
        Instant startedAt = wallClock.now();

        try (BenchCluster cluster = BenchCluster.start(options, clock, out)) {
            Progress progress = new Progress(out, "burst", startedAt, cluster.starts());
            Instant at = WallClock.ceil(wallClock.now().plusSeconds(leadS), WHOLE_SECOND_MS);
            List<JobDefinition> jobs = BenchJobs.of(fires, i -> Schedule.once(at));
            progress.say(wallClock.now(), "creating " + fires + " ONCE jobs due at " + at + " via " + route);
            Instant creating = wallClock.now();
            JobCreator.of(route, cluster).create(jobs);
            Instant created = wallClock.now();
            long createMs = Duration.between(creating, created).toMillis();
            progress.say(
                    created,
                    "created in " + createMs + " ms"
                            + (created.isBefore(at)
                                    ? ""
                                    : "; AFTER the instant, so the planner will not fire them (raise --lead-s)"));

            ExpectedFires expected = new ExpectedFires(BenchJobs.ids(jobs), List.of(at), at, at.plusMillis(1));
            wallClock.awaitInstant(at, now -> progress.rate(now, "waiting for the instant"));
            double cpuAtStart = cluster.cpuSeconds();
            double loadAtStart = ProcessMeter.loadAverage();
            Outstanding outstanding = new Outstanding(expected, cluster.starts());
            boolean drained = wallClock.awaitCondition(
                    () -> outstanding.count() == 0, at.plusSeconds(drainS), now -> progress.rate(now, "drain"));
            double drainCpu = cluster.cpuSeconds() - cpuAtStart;
            progress.say(
                    wallClock.now(),
                    drained
                            ? "every fire reached a handler"
                            : "drain time over, " + outstanding.count() + " fires missing");

            FireTally tally = FireTally.of(expected, cluster.starts());
            Map<String, Object> stages = PipelineStages.measure(
                    cluster.clientConfig(), cluster.catalog(), BenchCluster.APP, expected, cluster.starts(), wallClock);
            double drainMs = tally.lastStartMicros() < 0
                    ? -1
                    : (tally.lastStartMicros() - HandlerStarts.micros(at)) / MICROS_PER_MILLI;
            long materialized = new MaterializedRuns(cluster.database(), wallClock, out)
                    .await(
                            at,
                            at.plusMillis(1),
                            tally.observed(),
                            Duration.ofSeconds(
                                    options.nonNegativeInt("materialize-wait-s", MaterializedRuns.DEFAULT_WAIT_S)));
            ResultLine line = new ResultLine("burst", fires, 0, 0)
                    .tally(tally, drainMs > 0 ? tally.observed() / (drainMs / MICROS_PER_MILLI) : 0)
                    .materialized(materialized)
                    .process(cluster.cpuSeconds(), cluster.peakRssMb(), startedAt, GitSha.current());
            return line.put("drain_ms", Math.round(drainMs * 10) / 10.0)
                    .load(loadAtStart)
                    .put("fires", fires)
                    .put("at", at.toString())
                    .put("drain_cpu_s", Math.round(drainCpu * 100) / 100.0)
                    .strays(tally)
                    .putAll(stages)
                    .setup(cluster, route, createMs)
                    .keys();
        }
    }
}
