package io.carillon.bench.internal;

import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code create --jobs N --clients C --route rest|kafka}: N jobs created by C concurrent clients of the console's
 * {@code POST /api/v1/jobs} (or produced to the jobs topic), on the console and the planner (no dispatcher, no
 * worker). Each job is FIXED_DELAY every minute, whose first fire the planner writes as soon as it takes the job on,
 * so a job is planned once its first FIRE is on {@code fires}. {@code jobs_per_s} runs from the first request until
 * every job is planned; {@code requests_per_s} until the last answer.
 */
final class CreateWorkload implements Workload {

    private static final int DEFAULT_JOBS = 10_000;
    private static final int DEFAULT_PLAN_WAIT_S = 600;
    private static final long PERIOD_MS = Duration.ofMinutes(1).toMillis();
    private static final double MILLIS_PER_SECOND = 1000.0;
    private static final double NANOS_PER_MILLI = 1e6;
    private static final BenchCluster.InProcess CONSOLE_AND_PLANNER = new BenchCluster.InProcess(true, false, false);

    @Override
    public Map<String, Object> run(BenchOptions options, Clock clock, PrintStream out) {
        int jobCount = options.positiveInt("jobs", DEFAULT_JOBS);
        int clients = options.positiveInt("clients", RestJobCreator.DEFAULT_IN_FLIGHT);
        int planWaitS = options.positiveInt("plan-wait-s", DEFAULT_PLAN_WAIT_S);
        JobRoute route = options.route("route", JobRoute.REST);
        WallClock wallClock = new WallClock(clock);
        Instant startedAt = wallClock.now();

        try (BenchCluster cluster = BenchCluster.start(options, clock, out, CONSOLE_AND_PLANNER)) {
            Progress progress = new Progress(out, "create", startedAt, cluster.starts());
            List<JobDefinition> jobs = BenchJobs.of(jobCount, i -> Schedule.fixedDelay(PERIOD_MS));
            PlannedJobs planned = new PlannedJobs(new HashSet<>(BenchJobs.ids(jobs)));
            RequestTimes times = new RequestTimes();
            double loadAtStart = ProcessMeter.loadAverage();
            double cpuAtStart = cluster.cpuSeconds();
            try (FiresWatch watch = FiresWatch.start(cluster.clientConfig(), cluster.catalog(), planned, wallClock)) {
                progress.say(
                        wallClock.now(),
                        "creating " + jobCount + " jobs via " + route + " with " + clients + " clients");
                Instant reference = wallClock.now();
                long referenceNanos = System.nanoTime();
                create(route, cluster, clients, times, jobs);
                Instant answered = wallClock.now();
                Instant firstRequest = route == JobRoute.REST
                        ? reference.plusNanos(times.firstStartNanos() - referenceNanos)
                        : reference;
                long createMs = Duration.between(firstRequest, answered).toMillis();
                progress.say(
                        answered,
                        "created in " + createMs + " ms, " + times.errors() + " errors; " + planned.planned()
                                + " planned");
                wallClock.awaitCondition(
                        planned::allPlanned,
                        answered.plusSeconds(planWaitS),
                        now -> progress.say(now, planned.planned() + " of " + jobCount + " planned"));
                double cpu = cluster.cpuSeconds() - cpuAtStart;
                Instant allPlanned = planned.allPlannedAt();
                progress.say(
                        wallClock.now(),
                        allPlanned == null
                                ? "plan wait over, " + planned.planned() + " of " + jobCount + " planned"
                                : "every job planned");

                ResultLine line = new ResultLine("create", jobCount, PERIOD_MS, 0)
                        .process(cluster.cpuSeconds(), cluster.peakRssMb(), startedAt, GitSha.current())
                        .put("clients", clients)
                        .put("route", route.name().toLowerCase(Locale.ROOT))
                        .put("planned", planned.planned())
                        .put(
                                "plan_ms",
                                allPlanned == null
                                        ? null
                                        : Duration.between(firstRequest, allPlanned)
                                                .toMillis())
                        .put(
                                "jobs_per_s",
                                allPlanned == null
                                        ? null
                                        : perSecond(jobCount, Duration.between(firstRequest, allPlanned)))
                        .put("create_ms", createMs)
                        .put("create_cpu_s", Math.round(cpu * 100) / 100.0);
                if (route == JobRoute.REST) {
                    line.put("requests", times.requests())
                            .put("errors", times.errors())
                            .put("first_error", times.firstError())
                            .put("requests_per_s", Math.round(times.perSecond() * 10) / 10.0)
                            .put("request_latency_ms", times.latencyMs());
                }
                return line.load(loadAtStart).environment(cluster).keys();
            }
        }
    }

    private static void create(
            JobRoute route, BenchCluster cluster, int clients, RequestTimes times, List<JobDefinition> jobs) {
        if (route == JobRoute.REST) {
            new RestJobCreator(cluster.consolePort(), cluster.consolePassword(), clients, times).post(jobs);
        } else {
            JobCreator.of(route, cluster).create(jobs);
        }
    }

    /** {@code count} over {@code span}, rounded to a tenth. */
    static double perSecond(long count, Duration span) {
        double nanos = span.toNanos();
        if (nanos <= 0) {
            return 0;
        }
        return Math.round(count / (nanos / NANOS_PER_MILLI / MILLIS_PER_SECOND) * 10) / 10.0;
    }
}
