package io.carillon.bench.internal;

import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunStatus;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.Node;

/**
 * {@code faults --jobs J --period-ms P --schedule short|long}: the fault lab. Builds hosts as network namespaces
 * ({@link LabNetwork}): three Kafka brokers as one KRaft cluster (replication 3, {@code min.insync.replicas} 2), two
 * planners, two dispatchers and three bench workers, each a process on a host of its own; the console and PostgreSQL
 * stay in this process, in the root namespace. J FIXED_RATE jobs every P ms (one retry each, misfire CATCH_UP). Once
 * every job fires, the {@link Nemesis} runs the schedule's faults one after the other, each held {@code --hold-s}
 * and followed by {@code --settle-s} of quiet, and the {@link FaultChecker} judges every fire due from each fault's
 * start until the next one's. Where namespaces cannot be made (not root), it prints why and reports
 * {@code skipped}. Everything it made is removed at the end, also when it is interrupted.
 */
final class FaultsWorkload implements Workload {

    private static final int DEFAULT_JOBS = 1000;
    private static final int DEFAULT_PERIOD_MS = 1000;
    private static final int DEFAULT_HOLD_S = 15;
    private static final int DEFAULT_SETTLE_S = 20;
    private static final int DEFAULT_WARMUP_S = 10;
    private static final int DEFAULT_DRAIN_S = 30;
    private static final int STARTUP_TIMEOUT_S = 300;
    private static final long ADMIN_TIMEOUT_S = 10;
    private static final String JOB_PREFIX = "bench-";
    static final List<String> BROKER_HOSTS = List.of("b1", "b2", "b3");

    @Override
    public Map<String, Object> run(BenchOptions options, Clock clock, PrintStream out) {
        int jobCount = options.positiveInt("jobs", DEFAULT_JOBS);
        int periodMs = options.positiveInt("period-ms", DEFAULT_PERIOD_MS);
        Duration hold = Duration.ofSeconds(options.positiveInt("hold-s", DEFAULT_HOLD_S));
        Duration settle = Duration.ofSeconds(options.nonNegativeInt("settle-s", DEFAULT_SETTLE_S));
        int warmupS = options.nonNegativeInt("warmup-s", DEFAULT_WARMUP_S);
        int drainS = options.nonNegativeInt("drain-s", DEFAULT_DRAIN_S);
        String scheduleName = options.text("schedule").orElse("short");
        List<LabFault> schedule = FaultSchedule.named(scheduleName, hold);
        Optional<String> unavailable = LabNetwork.unavailable();
        if (unavailable.isPresent()) {
            out.println("faults: skipped: " + unavailable.get());
            Map<String, Object> skipped = new LinkedHashMap<>();
            skipped.put("workload", "faults");
            skipped.put("skipped", unavailable.get());
            return skipped;
        }
        WallClock wallClock = new WallClock(clock);
        Instant startedAt = wallClock.now();
        List<String> hosts = new ArrayList<>(BROKER_HOSTS);
        hosts.addAll(LabParts.hosts());
        try (LabNetwork lab = LabNetwork.create(hosts, out);
                BrokerFolder brokerFolder = BrokerFolder.create();
                ProcessFleet brokerFleet =
                        new ProcessFleet(brokerFolder.path(), ProcessFleet.logFolder(), List.of(), out)) {
            LabBrokers brokers = new LabBrokers(lab, brokerFleet, BROKER_HOSTS, brokerFolder.path());
            String bootstrap = brokers.startAll();
            brokerFleet.awaitStarted(wallClock, wallClock.now().plusSeconds(STARTUP_TIMEOUT_S));
            out.println("fault lab: Kafka cluster up at " + bootstrap);
            BenchOptions clusterOptions = options.with("bootstrap", bootstrap)
                    .with(BenchCluster.REPLICATION_FACTOR, Integer.toString(LabBrokers.REPLICATION));
            try (BenchCluster cluster =
                            BenchCluster.start(clusterOptions, clock, out, BenchCluster.InProcess.CONSOLE_ONLY);
                    ProcessFleet fleet = new ProcessFleet(
                            cluster.dataDir().resolve("processes"), brokerFleet.logs(), cluster.componentArgs(), out);
                    Admin admin = Admin.create(cluster.clientConfig())) {
                StartFiles startFiles = new StartFiles(new HandlerStarts(clock));
                LabParts parts = new LabParts(
                        lab, fleet, cluster.dataDir().resolve("processes"), startFiles, cluster.workerCapacity());
                parts.startAll();
                fleet.awaitStarted(wallClock, wallClock.now().plusSeconds(STARTUP_TIMEOUT_S));
                Progress progress = new Progress(out, "faults", startedAt, startFiles.starts());
                progress.say(wallClock.now(), "the parts are up on their hosts; logs in " + brokerFleet.logs());
                List<JobDefinition> jobs = FailoverJobs.of(jobCount, periodMs);
                new KafkaJobCreator(cluster.clientConfig(), cluster.catalog()).create(jobs);
                Instant created = wallClock.now();
                boolean allFiring = wallClock.awaitCondition(
                        () -> {
                            startFiles.poll();
                            return startFiles.jobsStarted() == jobCount;
                        },
                        created.plusSeconds(STARTUP_TIMEOUT_S),
                        now -> progress.rate(
                                now, "activation, " + startFiles.jobsStarted() + " of " + jobCount + " jobs fired"));
                progress.say(wallClock.now(), allFiring ? "every job fired" : "activation time over");

                Nemesis nemesis = new Nemesis(
                        lab,
                        parts,
                        brokers,
                        () -> leaderOf(admin, cluster.catalog().fires()),
                        out);
                Instant windowStart = WallClock.ceil(wallClock.now().plusSeconds(warmupS), periodMs);
                List<Nemesis.Applied> applied = new ArrayList<>();
                List<String> skippedFaults = new ArrayList<>();
                Instant next = windowStart;
                for (LabFault fault : schedule) {
                    Optional<String> cannot = Nemesis.cannotDo(fault);
                    if (cannot.isPresent()) {
                        skippedFaults.add(fault.name() + ": " + cannot.get());
                        progress.say(wallClock.now(), "skipping " + fault.name() + ": " + cannot.get());
                        continue;
                    }
                    awaitPolling(wallClock, next, startFiles, progress, "quiet");
                    Nemesis.Applied done = nemesis.apply(fault, wallClock.now());
                    awaitPolling(wallClock, done.at().plus(fault.hold()), startFiles, progress, fault.name());
                    nemesis.heal(done);
                    applied.add(done);
                    next = done.at().plus(fault.hold()).plus(settle);
                }
                Instant windowEnd = WallClock.ceil(next, periodMs);
                awaitPolling(wallClock, windowEnd, startFiles, progress, "settle");
                ExpectedFires expected = new ExpectedFires(
                        BenchJobs.ids(jobs),
                        FailoverWorkload.instants(windowStart, windowEnd, periodMs),
                        windowStart,
                        windowEnd);
                Outstanding outstanding = new Outstanding(expected, startFiles.starts());
                wallClock.awaitCondition(
                        () -> {
                            startFiles.poll();
                            return outstanding.count() == 0;
                        },
                        windowEnd.plusSeconds(drainS),
                        now -> progress.rate(now, "drain"));
                startFiles.poll();

                LostRuns lostRuns = LostRuns.read(cluster.clientConfig(), cluster.catalog(), expected, wallClock);
                HandlerStarts starts = startFiles.starts();
                FireGaps gaps = FireGaps.of(starts, HandlerStarts.micros(wallClock.now()));
                List<Map<String, Object>> perFault = new ArrayList<>();
                Totals totals = new Totals();
                for (int i = 0; i < applied.size(); i++) {
                    Nemesis.Applied done = applied.get(i);
                    Instant until = i + 1 < applied.size() ? applied.get(i + 1).at() : windowEnd;
                    FaultChecker.Verdict verdict = FaultChecker.judge(
                            expected.jobIds(),
                            done.at(),
                            until,
                            periodMs,
                            startFiles,
                            lostRuns::firstAttemptLost,
                            lostRuns::endings,
                            gaps);
                    totals.add(verdict);
                    Map<String, Object> entry = new LinkedHashMap<>();
                    entry.put("fault", done.fault().name());
                    entry.put("victims", done.victims());
                    entry.put("at", done.at().toString());
                    entry.put("hold_s", done.fault().hold().toSeconds());
                    entry.putAll(verdict.keys());
                    entry.put(
                            "runs_by_status",
                            runsByStatus(
                                    cluster.database(),
                                    WallClock.ceil(done.at(), periodMs),
                                    WallClock.ceil(until, periodMs)));
                    perFault.add(entry);
                }
                long durationS = Duration.between(windowStart, windowEnd).toSeconds();
                return new ResultLine("faults", jobCount, periodMs, durationS)
                        .put("expected", totals.expected)
                        .put("observed", totals.expected - totals.never)
                        .put("lost", totals.never)
                        .put("duplicates", totals.silentDouble)
                        .put("started_twice_silently", totals.silentDouble)
                        .put("lost_and_retried", totals.visibleRetry)
                        .put("recovery_ms", totals.recoveryMs)
                        .put("lost_runs", lostRuns.lost())
                        .put("lost_runs_by_reason", lostRuns.lostByReason())
                        .put("results_read_to_end", lostRuns.complete())
                        .put("non_terminal_runs", nonTerminal(runsByStatus(cluster.database(), windowStart, windowEnd)))
                        .put("schedule", scheduleName)
                        .put("faults", perFault)
                        .put("skipped_faults", skippedFaults)
                        .put("window_start", windowStart.toString())
                        .put("unreadable_start_lines", startFiles.unreadable())
                        .process(
                                ProcessMeter.cpuSeconds() + fleet.cpuSeconds() + brokerFleet.cpuSeconds(),
                                Math.max(ProcessMeter.peakRssMb(), fleet.maxPeakRssMb()),
                                startedAt,
                                GitSha.current())
                        .fleet(fleet)
                        .keys();
            }
        }
    }

    private static void awaitPolling(
            WallClock clock, Instant until, StartFiles startFiles, Progress progress, String phase) {
        clock.awaitInstant(until, now -> {
            startFiles.poll();
            progress.rate(now, phase);
        });
    }

    private static int leaderOf(Admin admin, String topic) {
        try {
            Node leader = admin.describeTopics(List.of(topic))
                    .allTopicNames()
                    .get(ADMIN_TIMEOUT_S, TimeUnit.SECONDS)
                    .get(topic)
                    .partitions()
                    .get(0)
                    .leader();
            if (leader == null) {
                throw new IllegalStateException("the first partition of " + topic + " has no leader");
            }
            return leader.id();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("could not find the leader of " + topic + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while looking for the leader of " + topic, e);
        }
    }

    private static Map<String, Long> runsByStatus(BenchDatabase database, Instant from, Instant to) {
        try {
            return database.runsByStatus(JOB_PREFIX, from, to);
        } catch (SQLException e) {
            throw new IllegalStateException("could not count the runs in PostgreSQL: " + e.getMessage(), e);
        }
    }

    private static long nonTerminal(Map<String, Long> byStatus) {
        return byStatus.entrySet().stream()
                .filter(entry -> {
                    String status = entry.getKey().substring(0, entry.getKey().indexOf('/'));
                    return !RunStatus.valueOf(status).isTerminal();
                })
                .mapToLong(Map.Entry::getValue)
                .sum();
    }

    /** A temporary folder for the brokers' data, deleted with everything in it at the end. */
    private record BrokerFolder(Path path) implements AutoCloseable {

        static BrokerFolder create() {
            try {
                return new BrokerFolder(Files.createTempDirectory("carillon-lab-"));
            } catch (IOException e) {
                throw new UncheckedIOException("could not create a folder for the lab's brokers", e);
            }
        }

        @Override
        public void close() {
            try (Stream<Path> paths = Files.walk(path)) {
                paths.sorted(Comparator.reverseOrder())
                        .forEach(file -> file.toFile().delete());
            } catch (IOException e) {
                throw new UncheckedIOException("could not delete " + path, e);
            }
        }
    }

    /** The verdicts of every fault, summed; recovery is the longest. */
    private static final class Totals {
        long expected;
        long never;
        long silentDouble;
        long visibleRetry;
        double recoveryMs;

        void add(FaultChecker.Verdict verdict) {
            expected += verdict.expected();
            never += verdict.neverStarted();
            silentDouble += verdict.silentDouble();
            visibleRetry += verdict.visibleRetry();
            recoveryMs = Math.max(recoveryMs, verdict.recoveryMs());
        }
    }
}
