package io.carillon.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.carillon.testkit.TestDatabase;
import io.carillon.testkit.TestKafka;
import io.carillon.topics.Json;
import tools.jackson.databind.JsonNode;

/**
 * A small {@code scale} run end to end (the planner in a process of its own, stopped and started again): the JSON
 * line carries scale's keys, and the active jobs lose nothing and run nothing twice. Timing is never asserted.
 */
class ScaleSmokeIT {

    @Test
    void aSmallScaleRunLosesNothingAndReportsThePlannersFigures() {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        int status;
        try (TestDatabase server = TestDatabase.create()) {
            status = BenchMain.run(Clock.systemUTC(), new PrintStream(stdout, true, StandardCharsets.UTF_8),
                    System.err, "scale", "--jobs", "2000", "--active", "10", "--duration-s", "5",
                    "--warmup-s", "3", "--bootstrap", TestKafka.bootstrapServers(),
                    "--jdbc-url", server.jdbcUrl(), "--jdbc-user", server.username(),
                    "--jdbc-password", server.password());
        }

        assertThat(status).isEqualTo(BenchMain.RAN);
        List<String> lines = stdout.toString(StandardCharsets.UTF_8).lines().toList();
        JsonNode result = Json.mapper().readTree(lines.get(lines.size() - 1));
        assertThat(result.get("workload").asString()).isEqualTo("scale");
        assertThat(result.get("expected").asLong()).isEqualTo(50);
        assertThat(result.get("lost").asLong()).isZero();
        assertThat(result.get("duplicates").asLong()).isZero();
        for (String key : List.of("planner_heap_mb", "restart_to_first_fire_ms", "planner_rss_mb", "lateness_ms",
                "cpu_s", "peak_rss_mb", "materialized", "git_sha")) {
            assertThat(result.has(key)).as(key).isTrue();
        }
    }
}
