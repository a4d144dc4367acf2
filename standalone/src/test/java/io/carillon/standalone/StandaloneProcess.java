package io.carillon.standalone;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * A standalone Carillon in a child JVM ({@link StandaloneMain} on this test's classpath), its output in a log file,
 * so that a test can kill it as the OS would ({@code destroyForcibly}, SIGKILL).
 */
final class StandaloneProcess implements AutoCloseable {

    static final String ADMIN_PASSWORD = "crash-test-admin";

    private final Process process;
    private final Path log;

    private StandaloneProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static StandaloneProcess start(Path log, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                java(),
                "-Xmx512m",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                StandaloneMain.class.getName()));
        command.addAll(List.of(args));
        command.add("--carillon.console.admin-password=" + ADMIN_PASSWORD);
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        return new StandaloneProcess(process, log);
    }

    /** The value of an {@code Authorization} header for the console's admin. */
    static String adminAuthorization() {
        return "Basic "
                + Base64.getEncoder().encodeToString(("admin:" + ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
    }

    private static String java() {
        return ProcessHandle.current()
                .info()
                .command()
                .orElseGet(() ->
                        Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    Process process() {
        return process;
    }

    long pid() {
        return process.pid();
    }

    String output() throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    /** Kills the process as a power cut or the OOM killer would, and waits until it is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            process.waitFor();
        }
    }
}
