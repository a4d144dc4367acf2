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
 * A small {@code failover} run end to end: six part processes, one planner, one dispatcher and one worker killed with
 * {@code kill -9} during a short window. Asserts only what the fault must not cause: nothing lost, nothing run twice.
 * Timing (recovery, lateness) is never asserted.
 */
class FailoverSmokeIT {

    @Test
    void killingAPlannerADispatcherAndAWorkerLosesNothingAndRunsNothingTwice() {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        int status;
        try (TestDatabase server = TestDatabase.create()) {
            status = BenchMain.run(Clock.systemUTC(), new PrintStream(stdout, true, StandardCharsets.UTF_8),
                    System.err, "failover", "--jobs", "20", "--period-ms", "1000", "--duration-s", "24",
                    "--warmup-s", "3", "--drain-s", "60", "--bootstrap", TestKafka.bootstrapServers(),
                    "--jdbc-url", server.jdbcUrl(), "--jdbc-user", server.username(),
                    "--jdbc-password", server.password());
        }

        assertThat(status).isEqualTo(BenchMain.RAN);
        List<String> lines = stdout.toString(StandardCharsets.UTF_8).lines().toList();
        JsonNode result = Json.mapper().readTree(lines.get(lines.size() - 1));
        assertThat(result.get("workload").asString()).isEqualTo("failover");
        assertThat(result.get("kills").asInt()).isEqualTo(3);
        assertThat(result.get("expected").asLong()).isEqualTo(480);
        assertThat(result.get("lost").asLong()).isZero();
        assertThat(result.get("duplicates").asLong()).isZero();
        for (String key : List.of("lost_runs_retried", "recovery_ms", "cpu_s", "peak_rss_mb", "processes")) {
            assertThat(result.has(key)).as(key).isTrue();
        }
    }
}
