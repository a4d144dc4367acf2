package io.carillon.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A small {@code scale} run end to end (the planner in a process of its own, stopped and started again): the JSON
 * line carries scale's keys, and the active jobs lose nothing and run nothing twice. Timing is never asserted. Its
 * {@code --kafka-config} holds a harmless client property, so the file's path reaches every client and process.
 */
class ScaleSmokeIT {

    @TempDir
    Path dir;

    @Test
    void aSmallScaleRunLosesNothingAndReportsThePlannersFigures() throws IOException {
        Path kafkaConfig = Files.writeString(
                dir.resolve("kafka.properties"),
                "# read by the harness and by the planner's process\nclient.dns.lookup=use_all_dns_ips\n");
        JsonNode result =
                SmokeRun.of("scale", "--jobs", "2000", "--active", "10", "--duration-s", "5", "--warmup-s", "3");
        assertThat(result.get("workload").asString()).isEqualTo("scale");
        assertThat(result.get("expected").asLong()).isEqualTo(50);
        assertThat(result.get("lost").asLong()).isZero();
        assertThat(result.get("duplicates").asLong()).isZero();
        for (String key : List.of(
                "planner_heap_mb",
                "restart_to_first_fire_ms",
                "planner_rss_mb",
                "lateness_ms",
                "cpu_s",
                "peak_rss_mb",
                "materialized",
                "git_sha")) {
            assertThat(result.has(key)).as(key).isTrue();
        }
    }
}
