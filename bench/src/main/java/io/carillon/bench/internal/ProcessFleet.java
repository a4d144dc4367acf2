package io.carillon.bench.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The part processes of one run: started through {@link #start}, sampled once a second by a daemon thread, stopped
 * (forcibly) on {@link #close()}. Reports CPU seconds and peak RSS per process. Start, kill and close from one
 * thread.
 */
final class ProcessFleet implements AutoCloseable {

    private static final long SAMPLE_EVERY_MS = 1000;

    private final List<ChildProcess> processes = new ArrayList<>();
    private final Path logs;
    private final List<String> commonArgs;
    private final PrintStream progress;
    private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "bench-process-sampler");
        thread.setDaemon(true);
        return thread;
    });

    /**
     * @param folder     where the processes keep their state (created; the run deletes it)
     * @param logs       where each process's log file goes (kept after the run, to read what went wrong)
     * @param commonArgs component arguments every process gets (bootstrap, prefix, partitions)
     */
    ProcessFleet(Path folder, Path logs, List<String> commonArgs, PrintStream progress) {
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("could not create " + folder, e);
        }
        this.logs = logs;
        this.commonArgs = List.copyOf(commonArgs);
        this.progress = progress;
        sampler.scheduleAtFixedRate(this::sampleAll, SAMPLE_EVERY_MS, SAMPLE_EVERY_MS, TimeUnit.MILLISECONDS);
    }

    /** Starts the part {@code part} as the process {@code name} with {@code extraArgs} and {@code jvmOptions}. */
    ChildProcess start(String name, String part, List<String> jvmOptions, List<String> extraArgs) {
        return start(name, part, ChildProcess.Launch.DIRECT, jvmOptions, extraArgs);
    }

    /** Starts the part {@code part} as the process {@code name} through {@code launch} (a lab host, a skewed clock). */
    ChildProcess start(
            String name, String part, ChildProcess.Launch launch, List<String> jvmOptions, List<String> extraArgs) {
        List<String> args = new ArrayList<>();
        args.add(part);
        args.addAll(commonArgs);
        args.addAll(extraArgs);
        ChildProcess child = ChildProcess.start(name, launch, jvmOptions, args, logs.resolve(name + ".log"));
        synchronized (processes) {
            processes.add(child);
        }
        progress.println("started " + name + " (pid " + child.pid() + ", log " + child.log() + ")");
        return child;
    }

    /**
     * Waits until every live process announced its start.
     *
     * @throws IllegalStateException naming the processes that did not start before {@code deadline}, or died
     */
    void awaitStarted(WallClock clock, Instant deadline) {
        List<ChildProcess> snapshot;
        synchronized (processes) {
            snapshot = List.copyOf(processes);
        }
        boolean started = clock.awaitCondition(
                () -> snapshot.stream().allMatch(child -> child.announcedStart() || !child.isAlive()),
                deadline,
                now -> {});
        List<String> failed = snapshot.stream()
                .filter(child -> !child.announcedStart())
                .map(child -> child.name() + " (log " + child.log() + ")")
                .toList();
        if (!started || !failed.isEmpty()) {
            throw new IllegalStateException("these part processes did not start: " + String.join(", ", failed));
        }
    }

    /** A new folder for the process logs of one run, under the temporary folder; it is not deleted. */
    static Path logFolder() {
        try {
            return Files.createTempDirectory("carillon-bench-logs-");
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a folder for the process logs", e);
        }
    }

    Path logs() {
        return logs;
    }

    private void sampleAll() {
        List<ChildProcess> snapshot;
        synchronized (processes) {
            snapshot = List.copyOf(processes);
        }
        snapshot.forEach(ChildProcess::sample);
    }

    /** CPU seconds of every process started, summed (sampled up to its last second alive). */
    double cpuSeconds() {
        sampleAll();
        synchronized (processes) {
            return processes.stream().mapToDouble(ChildProcess::cpuSeconds).sum();
        }
    }

    /** CPU seconds of the JIT compiler threads of the processes still alive, summed. */
    double jitCpuSeconds() {
        synchronized (processes) {
            return processes.stream()
                    .mapToDouble(child -> ProcessMeter.jitCpuSeconds(Long.toString(child.pid())))
                    .sum();
        }
    }

    /** Per process: {@code {"cpu_s": .., "peak_rss_mb": ..}}, in start order. */
    Map<String, Object> perProcess() {
        sampleAll();
        Map<String, Object> figures = new LinkedHashMap<>();
        synchronized (processes) {
            for (ChildProcess child : processes) {
                figures.put(
                        child.name(),
                        Map.of(
                                "cpu_s",
                                Math.round(child.cpuSeconds() * 100) / 100.0,
                                "peak_rss_mb",
                                child.peakRssMb()));
            }
        }
        return figures;
    }

    /** The highest peak RSS of any one process started. */
    double maxPeakRssMb() {
        synchronized (processes) {
            return processes.stream().mapToDouble(ChildProcess::peakRssMb).max().orElse(0);
        }
    }

    @Override
    public void close() {
        sampler.shutdownNow();
        List<ChildProcess> snapshot;
        synchronized (processes) {
            snapshot = List.copyOf(processes);
        }
        for (ChildProcess child : snapshot) {
            if (child.isAlive()) {
                child.kill();
            }
        }
    }
}
