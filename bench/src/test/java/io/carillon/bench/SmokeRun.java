package io.carillon.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.TestDatabase;
import io.carillon.testkit.TestKafka;
import io.carillon.topics.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Runs one workload through {@link BenchMain} on the shared test broker and a fresh real PostgreSQL database. */
final class SmokeRun {

    private SmokeRun() {}

    /** Runs {@code workloadArgs}, asserts the workload ran, and returns the JSON line (the last line of stdout). */
    static JsonNode of(String... workloadArgs) {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        int status;
        try (TestDatabase server = TestDatabase.create()) {
            List<String> args = new ArrayList<>(List.of(workloadArgs));
            args.addAll(List.of(
                    "--bootstrap",
                    TestKafka.bootstrapServers(),
                    "--jdbc-url",
                    server.jdbcUrl(),
                    "--jdbc-user",
                    server.username(),
                    "--jdbc-password",
                    server.password()));
            status = BenchMain.run(
                    Clock.systemUTC(),
                    new PrintStream(stdout, true, StandardCharsets.UTF_8),
                    System.err,
                    args.toArray(String[]::new));
        }
        assertThat(status).isEqualTo(BenchMain.RAN);
        List<String> lines = stdout.toString(StandardCharsets.UTF_8).lines().toList();
        return Json.mapper().readTree(lines.get(lines.size() - 1));
    }
}
