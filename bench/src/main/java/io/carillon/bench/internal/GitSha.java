package io.carillon.bench.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** The commit the harness runs from: {@code git rev-parse HEAD} in the working directory, or "unknown". */
public final class GitSha {

    private static final long TIMEOUT_SECONDS = 10;

    private GitSha() {
    }

    public static String current() {
        String sha = git("rev-parse", "HEAD");
        return sha != null && sha.matches("[0-9a-f]{40}") ? sha : "unknown";
    }

    /** Whether the working tree has uncommitted changes; false when git cannot tell. */
    public static boolean dirty() {
        String status = git("status", "--porcelain", "--untracked-files=no");
        return status != null && !status.isEmpty();
    }

    private static String git(String... command) {
        try {
            String[] line = new String[command.length + 1];
            line[0] = "git";
            System.arraycopy(command, 0, line, 1, command.length);
            Process git = new ProcessBuilder(line).redirectErrorStream(true).start();
            String output = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!git.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS) || git.exitValue() != 0) {
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
