package io.carillon.bench.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a short external command (git, jcmd) and returns what it printed. Thread-safe. */
final class CommandOutput {

    private CommandOutput() {}

    /**
     * The standard output and error of {@code command}, or null when it could not start, did not end within
     * {@code timeout}, or exited with a non-zero status.
     */
    static String of(List<String> command, Duration timeout) {
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) || process.exitValue() != 0) {
                return null;
            }
            return output;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
