package io.carillon.bench.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The commit the harness runs from: {@code git rev-parse HEAD} in the working directory, or "unknown". */
public final class GitSha {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private GitSha() {}

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
        List<String> line = new ArrayList<>(List.of("git"));
        line.addAll(List.of(command));
        String output = CommandOutput.of(line, TIMEOUT);
        return output == null ? null : output.trim();
    }
}
