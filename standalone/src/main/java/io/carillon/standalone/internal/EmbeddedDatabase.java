package io.carillon.standalone.internal;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Starts the standalone's embedded PostgreSQL on its data folder, after clearing what a killed predecessor left
 * ({@link OrphanedPostmaster}). Durable by default: zonky's embedded PostgreSQL starts with {@code -F} (fsync off)
 * and {@code synchronous_commit=off}, fit for tests; here {@code fsync=on} and {@code synchronous_commit=on} come
 * after them on the postgres command line and win, so a committed change survives a power cut. The caller closes
 * it (no shutdown hook of its own: the standalone stops PostgreSQL after the application that uses it).
 */
public final class EmbeddedDatabase {

    /** How long a left-over PostgreSQL gets to stop, and a starting one (recovering its WAL) to accept connections. */
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);

    private EmbeddedDatabase() {}

    /**
     * @param durable whether commits reach the disk before they return ({@code fsync} and
     *        {@code synchronous_commit} on); false keeps zonky's fast, crash-unsafe settings
     */
    public static EmbeddedPostgres start(Path postgresDir, boolean durable) throws IOException {
        OrphanedPostmaster.clear(postgresDir, STARTUP_TIMEOUT);
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setDataDirectory(postgresDir)
                .setCleanDataDirectory(false)
                .setRegisterShutdownHook(false)
                .setPGStartupWait(STARTUP_TIMEOUT);
        if (durable) {
            builder.setServerConfig("fsync", "on").setServerConfig("synchronous_commit", "on");
        }
        return builder.start();
    }
}
