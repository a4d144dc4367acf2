package io.carillon.bench.internal;

import io.carillon.bench.BenchMain;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One Carillon part in a JVM of its own ({@link ComponentProcess}), started from the same jar or class path as this
 * harness, its output in a log file. Its CPU seconds and peak RSS are sampled from {@code /proc} while it lives
 * ({@link #sample()}, and once more right before it is killed or stopped), since a dead process's {@code /proc}
 * entry is gone. {@link #kill()} is a real {@code kill -9}. Used by one thread, except {@link #sample()}, which
 * the fleet's sampler calls too (synchronized).
 */
final class ChildProcess {

    private static final long STOP_WAIT_S = 60;

    private final String name;
    private final Process process;
    private final Path log;
    private double cpuSeconds;
    private double peakRssMb;
    private boolean ended;

    private ChildProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /** Starts {@code component <part> <args...>} with the JVM options {@code jvmOptions}. */
    static ChildProcess start(String name, List<String> jvmOptions, List<String> componentArgs, Path log) {
        return start(name, Launch.DIRECT, jvmOptions, componentArgs, log);
    }

    /**
     * Starts {@code component <part> <args...>} through {@code launch}: behind its command prefix (e.g. {@code ip
     * netns exec <namespace>}, which runs the JVM in the same process) and with its environment variables added.
     */
    static ChildProcess start(
            String name, Launch launch, List<String> jvmOptions, List<String> componentArgs, Path log) {
        List<String> command = new ArrayList<>(launch.prefix());
        command.addAll(componentCommand(jvmOptions, componentArgs));
        return startCommand(name, command, launch.environment(), log);
    }

    /** Starts {@code command} as it is, with {@code environment} added to the harness's, its output in {@code log}. */
    static ChildProcess startCommand(String name, List<String> command, Map<String, String> environment, Path log) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            builder.environment().putAll(environment);
            Process process = builder.start();
            return new ChildProcess(name, process, log);
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + name + ": " + String.join(" ", command), e);
        }
    }

    /** The {@code java} of this JVM. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The command that runs this harness's {@code component <args...>} with the JVM options {@code jvmOptions}. */
    static List<String> componentCommand(List<String> jvmOptions, List<String> componentArgs) {
        List<String> command = new ArrayList<>();
        command.add(java());
        command.addAll(jvmOptions);
        command.addAll(launcher());
        command.add(ComponentProcess.SUBCOMMAND);
        command.addAll(componentArgs);
        return command;
    }

    /**
     * How to run this harness's main class again: {@code -jar} the Spring Boot jar it runs from, or the class path
     * (tests, an IDE).
     */
    private static List<String> launcher() {
        String classPath = System.getProperty("java.class.path");
        String codeSource = String.valueOf(
                BenchMain.class.getProtectionDomain().getCodeSource().getLocation());
        if (codeSource.contains("BOOT-INF") && !classPath.contains(File.pathSeparator)) {
            return List.of("-jar", classPath);
        }
        return List.of("-cp", classPath, BenchMain.class.getName());
    }

    String name() {
        return name;
    }

    long pid() {
        return process.pid();
    }

    Path log() {
        return log;
    }

    /** Whether the part said it started ({@link ComponentProcess} prints "component <part> started"). */
    boolean announcedStart() {
        try {
            return Files.exists(log) && Files.readString(log).contains(ComponentProcess.STARTED);
        } catch (IOException e) {
            return false;
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Reads the CPU seconds and peak RSS from {@code /proc} while the process lives. */
    synchronized void sample() {
        if (ended || !process.isAlive()) {
            return;
        }
        String pid = Long.toString(process.pid());
        double cpu = ProcessMeter.cpuSeconds(pid);
        double rss = ProcessMeter.peakRssMb(pid);
        cpuSeconds = Math.max(cpuSeconds, cpu);
        peakRssMb = Math.max(peakRssMb, rss);
    }

    /** {@code kill -9}: SIGKILL, no shutdown hook runs. Waits until the process is gone. */
    void kill() {
        sample();
        synchronized (this) {
            ended = true;
        }
        process.destroyForcibly();
        awaitExit();
    }

    /** SIGSTOP: the process freezes, as in a long GC pause, until {@link #resume()}. */
    void pause() {
        signal("-STOP");
    }

    /** SIGCONT: a paused process runs on. */
    void resume() {
        signal("-CONT");
    }

    private void signal(String signal) {
        try {
            Process kill = new ProcessBuilder("kill", signal, Long.toString(process.pid()))
                    .inheritIO()
                    .start();
            if (!kill.waitFor(STOP_WAIT_S, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill " + signal + " " + process.pid() + " (" + name + ") failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not signal " + name, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while signalling " + name, e);
        }
    }

    /** SIGTERM: the part closes gracefully (commits, leaves its group). Waits until the process is gone. */
    void stop() {
        sample();
        process.destroy();
        if (!awaitExit()) {
            process.destroyForcibly();
            awaitExit();
        }
        synchronized (this) {
            ended = true;
        }
    }

    private boolean awaitExit() {
        try {
            return process.waitFor(STOP_WAIT_S, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    synchronized double cpuSeconds() {
        return cpuSeconds;
    }

    synchronized double peakRssMb() {
        return peakRssMb;
    }

    /**
     * How a part's JVM is launched: a command prefix before {@code java} and environment variables beside the
     * harness's own.
     */
    record Launch(List<String> prefix, Map<String, String> environment) {

        static final Launch DIRECT = new Launch(List.of(), Map.of());

        Launch {
            prefix = List.copyOf(prefix);
            environment = Map.copyOf(environment);
        }
    }
}
