package io.carillon.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A small {@code workflows} run on the real parts (shared test broker, a real PostgreSQL), end to end through
 * {@link BenchMain}: every instance succeeds and every node's handler starts exactly once. Timing is never asserted.
 */
class WorkflowsSmokeIT {

    private static final int WORKFLOWS = 5;

    @Test
    void everyPipelineSucceedsWithEachNodeStartedOnce() {
        JsonNode result = SmokeRun.of("workflows", "--workflows", Integer.toString(WORKFLOWS), "--lead-s", "10");

        assertThat(result.get("workload").asString()).isEqualTo("workflows");
        assertThat(result.get("instances_succeeded").asLong()).isEqualTo(WORKFLOWS);
        assertThat(result.get("instances_not_ended").asLong()).isZero();
        assertThat(result.get("expected").asLong()).isEqualTo(5L * WORKFLOWS);
        assertThat(result.get("observed").asLong()).isEqualTo(5L * WORKFLOWS);
        assertThat(result.get("lost").asLong()).isZero();
        assertThat(result.get("duplicates").asLong()).isZero();
        assertThat(result.get("drain_ms").asLong()).isPositive();
        assertThat(result.get("instance_ms").get("count").asLong()).isEqualTo(WORKFLOWS);
    }
}
