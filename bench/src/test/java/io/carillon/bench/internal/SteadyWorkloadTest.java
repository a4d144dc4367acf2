package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SteadyWorkloadTest {

    @Test
    void cpuPerFireIsInMillisecondsAndAbsentWithoutFires() {
        assertThat(SteadyWorkload.cpuMsPerFire(3.0, 10_000)).isEqualTo(0.3);
        assertThat(SteadyWorkload.cpuMsPerFire(3.0, 0)).isNull();
    }

    @Test
    void cpuPerFireOfEachPartKeepsThePartsOrderAndIsEmptyWithoutFires() {
        Map<String, Double> seconds = new LinkedHashMap<>();
        seconds.put("planner", 1.5);
        seconds.put("worker_process", 0.5);

        assertThat(SteadyWorkload.cpuMsPerFireByPart(seconds, 10_000))
                .containsExactly(Map.entry("planner", 0.15), Map.entry("worker_process", 0.05));
        assertThat(SteadyWorkload.cpuMsPerFireByPart(seconds, 0)).isEmpty();
    }

    @Test
    void recordsPerFireIsTheSumOfTheOffsetsPerFireAndAbsentWithoutThem() {
        assertThat(SteadyWorkload.recordsPerFire(Map.of("fires", 1.21, "trigger.bench", 1.05, "results", 2.09)))
                .containsOnly(Map.entry("records_per_fire", 4.35));
        assertThat(SteadyWorkload.recordsPerFire(Map.of())).isEmpty();
    }
}
