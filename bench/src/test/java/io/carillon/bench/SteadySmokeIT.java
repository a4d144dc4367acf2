package io.carillon.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A short {@code steady} run on the real parts (shared test broker, a real PostgreSQL), end to end through
 * {@link BenchMain}: the JSON line is the last line of standard output, and nothing is lost or run twice. Timing is
 * never asserted. The warm-up lets the planner, which restores its stores and starts after the harness has created the
 * jobs, take every job on before the window: a job taken on after an instant of the window is not due at it.
 */
class SteadySmokeIT {

    @Test
    void aShortSteadyRunLosesNothingAndRunsNothingTwice() {
        JsonNode result = SmokeRun.of(
                "steady",
                "--jobs",
                "20",
                "--period-ms",
                "1000",
                "--duration-s",
                "5",
                "--warmup-s",
                "15",
                "--worker-jvm-options",
                "-XX:TieredStopAtLevel=1 -Xss1m");
        assertThat(result.get("workload").asString()).isEqualTo("steady");
        assertThat(result.get("expected").asLong()).isEqualTo(100);
        assertThat(result.get("lost").asLong()).isZero();
        assertThat(result.get("duplicates").asLong()).isZero();
        for (String key : List.of(
                "observed",
                "fires_per_s",
                "lateness_ms",
                "materialized",
                "cpu_s",
                "peak_rss_mb",
                "started_at",
                "git_sha",
                "period_ms",
                "duration_s",
                "jobs",
                "jvm_options",
                "window_postgres_cpu_s",
                "window_jit_cpu_s")) {
            assertThat(result.has(key)).as(key).isTrue();
        }
        assertThat(result.get("cpu_ms_per_fire").asDouble()).isPositive();
        assertThat(result.get("worker_jvm_options").asString()).isEqualTo("-XX:TieredStopAtLevel=1 -Xss1m");
        for (String percentile : List.of("p50", "p90", "p99", "p999", "max")) {
            assertThat(result.get("lateness_ms").has(percentile)).as(percentile).isTrue();
        }
    }
}
