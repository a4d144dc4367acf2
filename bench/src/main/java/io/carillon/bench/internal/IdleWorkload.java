package io.carillon.bench.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code idle [--settle-s 180 --measure-s 60 --standalone-jar PATH]}: the standalone with {@code --demo} (its broker,
 * embedded PostgreSQL, console, planner, dispatcher, analytics and demo worker, and the demo jobs, which fire a few
 * times a minute) in a JVM of its own, on a fresh data folder and free ports. From {@code settle-s} after its start
 * for {@code measure-s}, the CPU of the process and of each of its threads is read from {@code /proc} and summed per
 * part by thread name ({@link ProcessParts}; the full names come from {@code jcmd Thread.print}). The process is the
 * bench jar's {@code component standalone} unless {@code --standalone-jar} names the standalone jar to run. Over the
 * same window the requests its broker answers are counted per API ({@link BrokerRequests}).
 */
final class IdleWorkload implements Workload {

    private static final int DEFAULT_SETTLE_S = 180;
    private static final int DEFAULT_MEASURE_S = 60;
    private static final int BUSIEST_THREADS = 15;
    private static final String NAME = "standalone";

    @Override
    public Map<String, Object> run(BenchOptions options, Clock clock, PrintStream out) {
        int settleS = options.nonNegativeInt("settle-s", DEFAULT_SETTLE_S);
        int measureS = options.positiveInt("measure-s", DEFAULT_MEASURE_S);
        WallClock wallClock = new WallClock(clock);
        Instant startedAt = wallClock.now();
        Path folder = temporaryFolder();
        List<String> standaloneArgs = List.of(
                "--demo",
                "--carillon.standalone.data-dir=" + folder.resolve("data"),
                "--server.port=0",
                "--carillon.broker.port=0");
        List<String> command = options.text("standalone-jar")
                .map(jar -> jarCommand(jar, standaloneArgs))
                .orElseGet(() ->
                        ChildProcess.componentCommand(List.of(), prepend(ComponentProcess.STANDALONE, standaloneArgs)));
        Path log = logFile();
        out.println("[idle] starting " + String.join(" ", command) + ", output in " + log);
        ChildProcess standalone = ChildProcess.startCommand(NAME, command, Map.of(), log);
        try {
            Instant windowStart = startedAt.plusSeconds(settleS);
            wallClock.awaitInstant(windowStart, now -> requireAlive(standalone));
            requireAlive(standalone);
            long pid = standalone.pid();
            double processBefore = ProcessMeter.cpuSeconds(Long.toString(pid));
            double postgresBefore = postgresCpuSeconds(folder);
            Map<Long, Long> ticksBefore = ThreadTicks.of(pid);
            BrokerRequests.Window requests = BrokerRequests.window(pid);
            Instant measuredFrom = wallClock.now();
            out.println("[idle] measuring " + measureS + " s from " + measuredFrom);
            wallClock.awaitInstant(measuredFrom.plusSeconds(measureS), now -> requireAlive(standalone));
            Map<Long, Long> spent = ThreadTicks.spent(ticksBefore, ThreadTicks.of(pid));
            double processCpu = ProcessMeter.cpuSeconds(Long.toString(pid)) - processBefore;
            double postgresCpu = postgresCpuSeconds(folder) - postgresBefore;
            double seconds = Duration.between(measuredFrom, wallClock.now()).toMillis() / 1000.0;
            Object brokerRequests = requests.close(seconds);
            Map<Long, String> names = ThreadNames.of(pid);
            standalone.sample();
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("workload", "idle");
            line.put("settle_s", settleS);
            line.put("duration_s", measureS);
            line.put("cpu_cores", round(processCpu / seconds));
            line.put("parts", ProcessParts.coresByPart(spent, names, seconds));
            line.put("busiest_threads", ProcessParts.busiestThreads(spent, names, seconds, BUSIEST_THREADS));
            line.put("postgres_cpu_cores", round(postgresCpu / seconds));
            line.put("broker_requests_per_s", brokerRequests);
            line.put("cpu_s", round(processCpu));
            line.put("peak_rss_mb", standalone.peakRssMb());
            line.put("process", options.text("standalone-jar").orElse("carillon-bench.jar component standalone"));
            line.put("load_avg_end", ProcessMeter.loadAverage());
            line.put("cores", Runtime.getRuntime().availableProcessors());
            line.put("started_at", startedAt.toString());
            line.put("git_sha", GitSha.current());
            return line;
        } finally {
            standalone.stop();
            if (!options.keepData()) {
                deleteQuietly(folder, out);
            }
        }
    }

    private static List<String> jarCommand(String jar, List<String> args) {
        if (!Files.isRegularFile(Path.of(jar))) {
            throw new UsageException("--standalone-jar must name the standalone jar, and " + jar + " is no file");
        }
        List<String> command = new ArrayList<>(List.of(ChildProcess.java(), "-jar", jar));
        command.addAll(args);
        return command;
    }

    private static List<String> prepend(String first, List<String> rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(rest);
        return all;
    }

    private static void requireAlive(ChildProcess process) {
        process.sample();
        if (!process.isAlive()) {
            throw new IllegalStateException("the standalone process ended; its output is in " + process.log());
        }
    }

    /**
     * The CPU seconds of the embedded PostgreSQL under {@code folder}: its postmaster (which runs detached from the
     * standalone, so it is found by the data folder on its command line) and the backends it started, summed.
     */
    private static double postgresCpuSeconds(Path folder) {
        String dataFolder = folder.toString();
        return ProcessHandle.allProcesses()
                .filter(process -> process.info().arguments().stream()
                        .flatMap(Arrays::stream)
                        .anyMatch(argument -> argument.startsWith(dataFolder)))
                .filter(process -> process.info().command().orElse("").endsWith("postgres"))
                .flatMap(postmaster -> Stream.concat(Stream.of(postmaster), postmaster.descendants()))
                .mapToDouble(process -> Math.max(0, ProcessMeter.cpuSeconds(Long.toString(process.pid()))))
                .sum();
    }

    private static double round(double value) {
        return Math.round(value * 10_000) / 10_000.0;
    }

    private static Path logFile() {
        try {
            return Files.createTempFile("carillon-bench-idle-", ".log");
        } catch (IOException e) {
            throw new UncheckedIOException("could not create the standalone's log file", e);
        }
    }

    private static Path temporaryFolder() {
        try {
            return Files.createTempDirectory("carillon-bench-idle-");
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a temporary folder", e);
        }
    }

    private static void deleteQuietly(Path folder, PrintStream out) {
        try {
            Folders.deleteTree(folder);
        } catch (IOException e) {
            out.println("[idle] could not delete " + folder + ": " + e.getMessage());
        }
    }
}
