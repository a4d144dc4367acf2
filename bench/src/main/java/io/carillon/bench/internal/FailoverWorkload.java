package io.carillon.bench.internal;

import io.carillon.bench.internal.HandlerStarts.StartKey;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.JobDefinition;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code failover --jobs J --period-ms P --duration-s D}: two planner, two dispatcher and two worker processes
 * ({@link ComponentProcess}, each a JVM of its own), the broker, PostgreSQL and the console in this one. J FIXED_RATE
 * jobs every P ms, each allowed one retry. During the D-second window it kills ({@code kill -9}) one planner at D/4,
 * one dispatcher at D/2 and one worker at 3D/4, starting a replacement right after each kill. Every fire due in the
 * window must reach a handler exactly once (a retry is a new attempt, not a duplicate); a run that died with its
 * worker must end LOST and be retried. Counts from the worker processes' start files ({@link StartFile}).
 */
final class FailoverWorkload implements Workload {

    private static final int DEFAULT_JOBS = 2000;
    private static final int DEFAULT_PERIOD_MS = 1000;
    private static final int DEFAULT_DURATION_S = 60;
    private static final int DEFAULT_WARMUP_S = 10;
    private static final int STARTUP_TIMEOUT_S = 300;
    private static final int DEFAULT_DRAIN_S = 30;
    private static final int STANDBY_REPLICAS = 1;
    private static final String SESSION_TIMEOUT_MS = "session-timeout-ms";
    private static final long WHOLE_SECOND_MS = 1000;
    private static final List<String> KILLED = List.of("planner", "dispatcher", "worker");

    @Override
    public Map<String, Object> run(BenchOptions options, Clock clock, PrintStream out) {
        int jobCount = options.positiveInt("jobs", DEFAULT_JOBS);
        int periodMs = options.positiveInt("period-ms", DEFAULT_PERIOD_MS);
        int durationS = options.positiveInt("duration-s", DEFAULT_DURATION_S);
        int warmupS = options.nonNegativeInt("warmup-s", DEFAULT_WARMUP_S);
        int drainS = options.nonNegativeInt("drain-s", DEFAULT_DRAIN_S);
        Optional<Integer> sessionTimeoutMs =
                options.text(SESSION_TIMEOUT_MS).map(ignored -> options.positiveInt(SESSION_TIMEOUT_MS, 1));
        Optional<Integer> dispatcherSessionMs = options.text(ComponentProcess.DISPATCHER_SESSION_TIMEOUT_MS)
                .map(ignored -> options.positiveInt(ComponentProcess.DISPATCHER_SESSION_TIMEOUT_MS, 1));
        WallClock wallClock = new WallClock(clock);
        Instant startedAt = wallClock.now();

        try (BenchCluster cluster = BenchCluster.start(options, clock, out, BenchCluster.InProcess.CONSOLE_ONLY);
                ProcessFleet fleet = new ProcessFleet(
                        cluster.dataDir().resolve("processes"),
                        ProcessFleet.logFolder(),
                        partArgs(cluster, sessionTimeoutMs),
                        out)) {
            StartFiles startFiles = new StartFiles(new HandlerStarts(clock));
            Parts parts = new Parts(
                    fleet,
                    cluster.dataDir().resolve("processes"),
                    startFiles,
                    cluster.workerCapacity(),
                    options.dispatcherInstanceIds(),
                    dispatcherSessionMs);
            for (String part : KILLED) {
                parts.start(part);
                parts.start(part);
            }
            Progress progress = new Progress(out, "failover", startedAt, startFiles.starts());
            fleet.awaitStarted(wallClock, wallClock.now().plusSeconds(STARTUP_TIMEOUT_S));
            progress.say(wallClock.now(), "all six part processes are up");
            List<JobDefinition> jobs = FailoverJobs.of(jobCount, periodMs);
            progress.say(
                    wallClock.now(),
                    "creating " + jobCount + " FIXED_RATE " + periodMs
                            + " ms jobs (one retry each, misfire CATCH_UP) on the jobs topic");
            Instant creating = wallClock.now();
            new KafkaJobCreator(cluster.clientConfig(), cluster.catalog()).create(jobs);
            Instant created = wallClock.now();
            long createMs = Duration.between(creating, created).toMillis();

            boolean allFiring = wallClock.awaitCondition(
                    () -> {
                        startFiles.poll();
                        return startFiles.jobsStarted() == jobCount;
                    },
                    created.plusSeconds(STARTUP_TIMEOUT_S),
                    now -> progress.rate(
                            now, "activation, " + startFiles.jobsStarted() + " of " + jobCount + " jobs fired"));
            Instant firing = wallClock.now();
            progress.say(firing, allFiring ? "every job fired at least once" : "activation time over");
            Instant windowStart = WallClock.ceil(firing.plusSeconds(warmupS), WHOLE_SECOND_MS);
            Instant windowEnd = windowStart.plusSeconds(durationS);
            ExpectedFires expected = new ExpectedFires(
                    BenchJobs.ids(jobs), instants(windowStart, windowEnd, periodMs), windowStart, windowEnd);
            wallClock.awaitInstant(windowStart, now -> {
                startFiles.poll();
                progress.rate(now, "warm-up");
            });
            double loadAtStart = ProcessMeter.loadAverage();
            progress.say(
                    wallClock.now(), "window of " + durationS + " s starts, expecting " + expected.count() + " fires");
            List<Kill> kills = new ArrayList<>();
            for (int k = 0; k < KILLED.size(); k++) {
                Instant killAt = windowStart.plusMillis(durationS * 1000L * (k + 1) / (KILLED.size() + 1));
                wallClock.awaitInstant(killAt, now -> {
                    startFiles.poll();
                    progress.rate(now, "window");
                });
                String part = KILLED.get(k);
                Instant at = wallClock.now();
                String victim = parts.killOldest(part);
                progress.say(at, "kill -9 " + victim + "; starting a replacement");
                String replacement = parts.start(part);
                kills.add(new Kill(part, victim, replacement, at));
            }
            wallClock.awaitInstant(windowEnd, now -> {
                startFiles.poll();
                progress.rate(now, "window");
            });
            Outstanding outstanding = new Outstanding(expected, startFiles.starts());
            boolean drained = wallClock.awaitCondition(
                    () -> {
                        startFiles.poll();
                        return outstanding.count() == 0;
                    },
                    windowEnd.plusSeconds(drainS),
                    now -> progress.rate(now, "drain"));
            progress.say(
                    wallClock.now(),
                    drained
                            ? "every expected fire reached a handler (first attempt)"
                            : "drain time over, " + outstanding.count() + " first attempts missing");
            startFiles.poll();

            HandlerStarts starts = startFiles.starts();
            FireTally tally = FireTally.of(expected, starts);
            long retryOnly = retryOnly(expected, starts, startFiles);
            Set<String> firingBefore = jobsFiringBefore(windowStart, starts);
            long lostOfFiring = lostOf(firingBefore, expected, starts, startFiles);
            LostRuns lostRuns = LostRuns.read(cluster.clientConfig(), cluster.catalog(), expected, wallClock);
            Instant observedUntil = wallClock.now();
            FireGaps gaps = FireGaps.of(starts, HandlerStarts.micros(observedUntil));
            List<Map<String, Object>> killLog = new ArrayList<>();
            double recoveryMs = 0;
            for (int k = 0; k < kills.size(); k++) {
                Kill kill = kills.get(k);
                Instant until = k + 1 < kills.size() ? kills.get(k + 1).at() : windowEnd;
                double gapMs = gaps.longestGapMicros(
                                HandlerStarts.micros(kill.at().minusMillis(periodMs)),
                                HandlerStarts.micros(until.minusMillis(periodMs)))
                        / 1000.0;
                recoveryMs = Math.max(recoveryMs, gapMs);
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("part", kill.part());
                entry.put("killed", kill.victim());
                entry.put("replacement", kill.replacement());
                entry.put("at", kill.at().toString());
                entry.put("longest_gap_ms", Math.round(gapMs * 10) / 10.0);
                killLog.add(entry);
            }
            Map<String, Object> stages = PipelineStages.measure(
                    cluster.clientConfig(), cluster.catalog(), BenchCluster.APP, expected, starts, wallClock);
            long materialized = new MaterializedRuns(cluster.database(), wallClock, out)
                    .await(
                            windowStart,
                            windowEnd,
                            tally.observed(),
                            Duration.ofSeconds(
                                    options.nonNegativeInt("materialize-wait-s", MaterializedRuns.DEFAULT_WAIT_S)));
            long lost = tally.lost() - retryOnly;
            ResultLine line = new ResultLine("failover", jobCount, periodMs, durationS)
                    .tally(tally, (double) tally.observed() / durationS)
                    .put("lost", lost)
                    .materialized(materialized)
                    .process(
                            ProcessMeter.cpuSeconds() + fleet.cpuSeconds(),
                            Math.max(ProcessMeter.peakRssMb(), fleet.maxPeakRssMb()),
                            startedAt,
                            GitSha.current());
            return line.put("kills", kills.size())
                    .put("lost_runs_retried", lostRuns.retried(startFiles))
                    .put("recovery_ms", Math.round(recoveryMs * 10) / 10.0)
                    .put("lost_runs", lostRuns.lost())
                    .put("jobs_firing_before_window", firingBefore.size())
                    .put("lost_of_jobs_firing_before_window", lostOfFiring)
                    .put("retry_starts", retryStarts(expected, starts))
                    .put("first_attempt_missing_retry_started", retryOnly)
                    .put("results_by_status", lostRuns.statuses())
                    .put("results_read_to_end", lostRuns.complete())
                    .put("duplicates_per_instant", duplicatesPerInstant(expected, starts))
                    .put("kill_log", killLog)
                    .put("warmup_s", warmupS)
                    .put("activation_ms", Duration.between(created, firing).toMillis())
                    .put(
                            "session_timeout_ms",
                            sessionTimeoutMs.<Object>map(timeout -> timeout).orElse("part defaults"))
                    .put(
                            "dispatcher_session_timeout_ms",
                            dispatcherSessionMs.<Object>map(timeout -> timeout).orElse("part default"))
                    .put("dispatcher_instance_ids", options.dispatcherInstanceIds())
                    .put("observed_per_instant", expected.observedPerInstant(starts))
                    .load(loadAtStart)
                    .put("window_start", windowStart.toString())
                    .strays(tally)
                    .put("unreadable_start_lines", startFiles.unreadable())
                    .putAll(stages)
                    .fleet(fleet)
                    .setup(cluster, JobRoute.KAFKA, createMs)
                    .keys();
        }
    }

    /** The jobs that had a handler start before {@code windowStart}: activated, so a loss among them is the faults'. */
    private static Set<String> jobsFiringBefore(Instant windowStart, HandlerStarts starts) {
        long before = HandlerStarts.micros(windowStart);
        Set<String> jobs = new HashSet<>();
        starts.forEach((key, seen) -> {
            if (seen.firstStartMicros() < before) {
                jobs.add(key.jobId());
            }
        });
        return jobs;
    }

    /** Expected fires of {@code jobs} for which no attempt reached a handler. */
    private static long lostOf(Set<String> jobs, ExpectedFires expected, HandlerStarts starts, StartFiles files) {
        long lost = 0;
        for (Instant instant : expected.instants()) {
            for (String jobId : jobs) {
                if (!starts.started(new StartKey(jobId, instant.toEpochMilli(), 0, 1))
                        && !files.fireStarted(retryOf(jobId, instant))) {
                    lost++;
                }
            }
        }
        return lost;
    }

    /** Expected fires whose first attempt never reached a handler but whose retry did: not lost. */
    private static long retryOnly(ExpectedFires expected, HandlerStarts starts, StartFiles files) {
        long count = 0;
        for (Instant instant : expected.instants()) {
            for (String jobId : expected.jobIds()) {
                if (!starts.started(new StartKey(jobId, instant.toEpochMilli(), 0, 1))
                        && files.fireStarted(retryOf(jobId, instant))) {
                    count++;
                }
            }
        }
        return count;
    }

    /** The fire id of the retry of the scheduled fire of {@code jobId} at {@code instant}. */
    private static String retryOf(String jobId, Instant instant) {
        return FireIds.retry(FireIds.scheduled(jobId, instant), FailoverJobs.RETRY_ATTEMPTS);
    }

    /** For each scheduled instant of the window in order, the handler starts beyond the first of a run. */
    private static List<Long> duplicatesPerInstant(ExpectedFires expected, HandlerStarts starts) {
        Map<Long, Long> perInstant = new HashMap<>();
        starts.forEach((key, seen) -> {
            if (seen.count() > 1 && expected.inWindow(key)) {
                perInstant.merge(key.scheduledMillis(), (long) seen.count() - 1, Long::sum);
            }
        });
        return expected.instants().stream()
                .map(at -> perInstant.getOrDefault(at.toEpochMilli(), 0L))
                .toList();
    }

    private static long retryStarts(ExpectedFires expected, HandlerStarts starts) {
        long[] count = {0};
        starts.forEach((key, seen) -> {
            if (key.attempt() > 1 && expected.inWindow(key)) {
                count[0]++;
            }
        });
        return count[0];
    }

    /** The instants every {@code periodMs} (epoch-anchored) in [{@code from}, {@code to}). */
    static List<Instant> instants(Instant from, Instant to, long periodMs) {
        List<Instant> instants = new ArrayList<>();
        for (Instant at = WallClock.ceil(from, periodMs); at.isBefore(to); at = at.plusMillis(periodMs)) {
            instants.add(at);
        }
        return instants;
    }

    private record Kill(String part, String victim, String replacement, Instant at) {}

    /** What every part process gets: the cluster, and the session timeout when the command line set one. */
    private static List<String> partArgs(BenchCluster cluster, Optional<Integer> sessionTimeoutMs) {
        List<String> args = new ArrayList<>(cluster.componentArgs());
        sessionTimeoutMs.ifPresent(timeout -> args.addAll(List.of("--" + SESSION_TIMEOUT_MS, timeout.toString())));
        return args;
    }

    /**
     * The live processes of each part, numbered in start order (planner-1, planner-2, planner-3...). With instance
     * ids, dispatchers hold the ids {@code dispatcher-a} and {@code dispatcher-b}; a replacement takes its victim's.
     */
    private static final class Parts {
        private final ProcessFleet fleet;
        private final Path folder;
        private final StartFiles startFiles;
        private final int workerCapacity;
        private final boolean dispatcherInstanceIds;
        private final Optional<Integer> dispatcherSessionMs;
        private final Map<String, List<ChildProcess>> live = new LinkedHashMap<>();
        private final Map<String, Integer> started = new LinkedHashMap<>();
        private final Map<ChildProcess, String> instanceIds = new HashMap<>();
        private final Deque<String> freeInstanceIds = new ArrayDeque<>(List.of("dispatcher-a", "dispatcher-b"));

        Parts(
                ProcessFleet fleet,
                Path folder,
                StartFiles startFiles,
                int workerCapacity,
                boolean dispatcherInstanceIds,
                Optional<Integer> dispatcherSessionMs) {
            this.fleet = fleet;
            this.folder = folder;
            this.startFiles = startFiles;
            this.workerCapacity = workerCapacity;
            this.dispatcherInstanceIds = dispatcherInstanceIds;
            this.dispatcherSessionMs = dispatcherSessionMs;
        }

        String start(String part) {
            int number = started.merge(part, 1, Integer::sum);
            String name = part + "-" + number;
            String instanceId = part.equals("dispatcher") && dispatcherInstanceIds ? freeInstanceIds.pop() : null;
            List<String> args = switch (part) {
                case "planner" ->
                    List.of(
                            "--state-dir",
                            folder.resolve(name + "-state").toString(),
                            "--standby-replicas",
                            Integer.toString(STANDBY_REPLICAS));
                case "worker" -> {
                    Path file = folder.resolve(name + StartFiles.SUFFIX);
                    startFiles.add(file);
                    yield List.of(
                            "--instance-id",
                            name,
                            "--starts-file",
                            file.toString(),
                            "--capacity",
                            Integer.toString(workerCapacity));
                }
                default -> dispatcherArgs(instanceId);
            };
            ChildProcess child = fleet.start(name, part, List.of(), args);
            live.computeIfAbsent(part, ignored -> new ArrayList<>()).add(child);
            if (instanceId != null) {
                instanceIds.put(child, instanceId);
            }
            return name;
        }

        private List<String> dispatcherArgs(String instanceId) {
            List<String> args = new ArrayList<>();
            if (instanceId != null) {
                args.addAll(List.of("--instance-id", instanceId));
            }
            dispatcherSessionMs.ifPresent(timeout ->
                    args.addAll(List.of("--" + ComponentProcess.DISPATCHER_SESSION_TIMEOUT_MS, timeout.toString())));
            return args;
        }

        String killOldest(String part) {
            ChildProcess victim = live.get(part).remove(0);
            victim.kill();
            String instanceId = instanceIds.remove(victim);
            if (instanceId != null) {
                freeInstanceIds.push(instanceId);
            }
            return victim.name();
        }
    }
}
