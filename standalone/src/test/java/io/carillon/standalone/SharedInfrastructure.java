package io.carillon.standalone;

import io.carillon.testkit.TestDatabase;
import io.carillon.testkit.TestKafka;
import io.carillon.topics.TopicCatalog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts a {@link Standalone} in the test JVM on the shared test broker and a test database instead of its own. */
final class SharedInfrastructure {

    private SharedInfrastructure() {}

    /**
     * A standalone on {@code database} and the shared broker with the topics of {@code catalog}, its data in
     * {@code dataDir}, user {@code admin} signing in with {@code adminPassword}, the console on a free port.
     */
    static Standalone start(TestDatabase database, TopicCatalog catalog, Path dataDir, String adminPassword) {
        List<String> args = new ArrayList<>(List.of(
                "--carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                "--carillon.topics.prefix=" + catalog.prefix(),
                "--spring.datasource.url=" + database.jdbcUrl(),
                "--spring.datasource.username=" + database.username(),
                "--carillon.standalone.data-dir=" + dataDir,
                "--carillon.console.admin-password=" + adminPassword,
                "--server.port=0"));
        if (!database.password().isEmpty()) {
            args.add("--spring.datasource.password=" + database.password());
        }
        return Standalone.start(args.toArray(String[]::new));
    }
}
