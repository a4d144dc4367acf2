package io.carillon.bench.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * CPU time and peak resident memory of a process, read from Linux's {@code /proc}: {@code stat} (utime + stime, in
 * USER_HZ ticks of 1/100 s) and {@code status} (VmHWM). Values are -1 where {@code /proc} cannot be read.
 * Stateless and thread-safe.
 */
public final class ProcessMeter {

    private static final double TICKS_PER_SECOND = 100.0;
    private static final int UTIME_AFTER_COMM = 11;
    private static final int STIME_AFTER_COMM = 12;
    private static final double KB_PER_MB = 1024.0;
    /** A JIT compiler thread's name as {@code comm} shows it (cut at 15 characters). */
    private static final String JIT_THREAD = "C[12] CompilerThre.*";

    private ProcessMeter() {}

    /** This JVM's CPU seconds, user plus system. */
    public static double cpuSeconds() {
        return cpuSeconds("self");
    }

    /** This JVM's peak resident set size in MB. */
    public static double peakRssMb() {
        return peakRssMb("self");
    }

    /** CPU seconds of the live processes this JVM started (an embedded PostgreSQL, for example), summed. */
    public static double descendantsCpuSeconds() {
        return ProcessHandle.current()
                .descendants()
                .mapToDouble(process -> Math.max(0, cpuSeconds(Long.toString(process.pid()))))
                .sum();
    }

    /**
     * CPU seconds of the live processes on this machine whose command name ({@code /proc/<pid>/comm}) is
     * {@code command}, summed: {@code "postgres"} gives a local PostgreSQL server's CPU, background processes
     * included; 0 when none runs here.
     */
    public static double cpuSecondsOfCommand(String command) {
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            return processes
                    .map(path -> path.getFileName().toString())
                    .filter(pid -> pid.chars().allMatch(Character::isDigit))
                    .filter(pid -> command.equals(commandOf(pid)))
                    .mapToDouble(pid -> Math.max(0, cpuSeconds(pid)))
                    .sum();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * CPU seconds of the JIT compiler threads (HotSpot's {@code C1 CompilerThread*} and {@code C2 CompilerThread*})
     * of the live process {@code pid} ({@code "self"} for this JVM); 0 when it is gone.
     */
    public static double jitCpuSeconds(String pid) {
        try (Stream<Path> threads = Files.list(Path.of("/proc", pid, "task"))) {
            return threads.map(path -> path.getFileName().toString())
                    .filter(tid -> commandOf(pid + "/task/" + tid).matches(JIT_THREAD))
                    .mapToDouble(tid -> Math.max(0, cpuSeconds(pid + "/task/" + tid)))
                    .sum();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** The 1-minute load average of the machine (other processes compete for the same cores), or -1. */
    public static double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    static double cpuSeconds(String pid) {
        try {
            String stat = Files.readString(Path.of("/proc", pid, "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long ticks = Long.parseLong(fields[UTIME_AFTER_COMM]) + Long.parseLong(fields[STIME_AFTER_COMM]);
            return ticks / TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static String commandOf(String pid) {
        try {
            return Files.readString(Path.of("/proc", pid, "comm")).strip();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    static double peakRssMb(String pid) {
        return statusMb(pid, "VmHWM:");
    }

    /** The current resident set size of the process {@code pid} in MB, or -1. */
    static double rssMb(String pid) {
        return statusMb(pid, "VmRSS:");
    }

    private static double statusMb(String pid, String field) {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc", pid, "status"));
            for (String line : lines) {
                if (line.startsWith(field)) {
                    long kb = Long.parseLong(
                            line.substring(field.length()).replace("kB", "").trim());
                    return Math.round(kb / KB_PER_MB * 10) / 10.0;
                }
            }
            return -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
