package io.carillon.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A small {@code create} run over REST on the real parts (shared test broker, a real PostgreSQL), end to end through
 * {@link BenchMain}: every job is created without an error and planned. Timing is never asserted.
 */
class CreateSmokeIT {

    private static final int JOBS = 40;

    @Test
    void everyJobCreatedOverRestIsPlanned() {
        JsonNode result = SmokeRun.of(
                "create", "--jobs", Integer.toString(JOBS), "--clients", "4", "--route", "rest", "--plan-wait-s", "60");
        assertThat(result.get("workload").asString()).isEqualTo("create");
        assertThat(result.get("requests").asLong()).isEqualTo(JOBS);
        assertThat(result.get("errors").asLong()).isZero();
        assertThat(result.get("planned").asLong()).isEqualTo(JOBS);
        assertThat(result.get("jobs_per_s").asDouble()).isPositive();
        assertThat(result.get("requests_per_s").asDouble()).isPositive();
        for (String percentile : List.of("p50", "p99", "max")) {
            assertThat(result.get("request_latency_ms").has(percentile))
                    .as(percentile)
                    .isTrue();
        }
        for (String key : List.of("cpu_s", "peak_rss_mb", "started_at", "git_sha", "load_avg_start", "load_avg_end")) {
            assertThat(result.has(key)).as(key).isTrue();
        }
    }
}
