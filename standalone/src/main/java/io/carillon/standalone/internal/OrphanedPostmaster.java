package io.carillon.standalone.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a killed standalone leaves in its PostgreSQL data folder: the embedded PostgreSQL runs as its own process
 * and outlives the JVM that started it, holding {@code postmaster.pid}, so a new start on the folder would fail
 * with "lock file postmaster.pid already exists". {@link #clear} stops such a postmaster, and removes a
 * {@code postmaster.pid} whose owner is gone (its pid no longer runs, or runs something else).
 *
 * <p>Call it only while holding the {@link DataDirLock} of the data folder: then no live Carillon uses this
 * PostgreSQL. Stateless; safe from any thread.
 */
public final class OrphanedPostmaster {

    static final String PID_FILE = "postmaster.pid";
    private static final Logger log = LoggerFactory.getLogger(OrphanedPostmaster.class);
    private static final String POSTGRES_COMMAND = "postgres";

    private OrphanedPostmaster() {}

    /**
     * Leaves {@code postgresDir} with no PostgreSQL running on it: a postmaster of this folder is stopped (SIGTERM,
     * PostgreSQL's smart shutdown, which ends as soon as the dead JVM's sessions are gone; SIGKILL when it has not
     * ended within {@code timeout}, after which PostgreSQL recovers from its WAL on the next start), and a stale
     * {@code postmaster.pid} is removed.
     */
    public static void clear(Path postgresDir, Duration timeout) {
        Path pidFile = postgresDir.resolve(PID_FILE);
        Optional<Long> pid = readPid(pidFile);
        if (pid.isEmpty()) {
            return;
        }
        Optional<ProcessHandle> owner = ProcessHandle.of(pid.get()).filter(ProcessHandle::isAlive);
        if (owner.isPresent() && isPostmasterOf(owner.get(), postgresDir)) {
            stop(owner.get(), postgresDir, timeout);
        } else {
            log.info("removing the stale {} of {}: process {} is gone", PID_FILE, postgresDir, pid.get());
        }
        delete(pidFile);
    }

    private static Optional<Long> readPid(Path pidFile) {
        if (!Files.exists(pidFile)) {
            return Optional.empty();
        }
        try {
            List<String> lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
            return Optional.of(
                    Long.parseLong(lines.isEmpty() ? "" : lines.get(0).trim()));
        } catch (NumberFormatException e) {
            log.info("removing {}: it holds no pid (cut short by a crash)", pidFile);
            delete(pidFile);
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + pidFile + ": " + e.getMessage(), e);
        }
    }

    /** Whether {@code process} is a postgres whose arguments name {@code postgresDir} (when the OS shows them). */
    static boolean isPostmasterOf(ProcessHandle process, Path postgresDir) {
        ProcessHandle.Info info = process.info();
        boolean postgres = info.command()
                .map(command -> Path.of(command).getFileName().toString())
                .filter(POSTGRES_COMMAND::equals)
                .isPresent();
        return postgres
                && info.arguments()
                        .map(arguments -> List.of(arguments).contains(postgresDir.toString()))
                        .orElse(true);
    }

    private static void stop(ProcessHandle postmaster, Path postgresDir, Duration timeout) {
        log.warn(
                "stopping the embedded PostgreSQL (pid {}) that a previous Carillon process left running on {}",
                postmaster.pid(),
                postgresDir);
        postmaster.destroy();
        if (awaitExit(postmaster, timeout)) {
            log.info("the left-over PostgreSQL (pid {}) stopped", postmaster.pid());
            return;
        }
        log.warn(
                "the left-over PostgreSQL (pid {}) did not stop within {} s; killing it (PostgreSQL recovers from "
                        + "its write-ahead log on start)",
                postmaster.pid(),
                timeout.toSeconds());
        postmaster.destroyForcibly();
        if (!awaitExit(postmaster, timeout)) {
            throw new IllegalStateException("the PostgreSQL (pid " + postmaster.pid() + ") left running on "
                    + postgresDir + " does not stop; stop it by hand and start Carillon again");
        }
    }

    private static boolean awaitExit(ProcessHandle process, Duration timeout) {
        try {
            process.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(
                    "interrupted while stopping the PostgreSQL left running on a data folder", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not watch process " + process.pid() + ": " + e.getMessage(), e);
        }
    }

    private static void delete(Path pidFile) {
        try {
            Files.deleteIfExists(pidFile);
        } catch (IOException e) {
            throw new UncheckedIOException("could not remove the stale " + pidFile + ": " + e.getMessage(), e);
        }
    }
}
