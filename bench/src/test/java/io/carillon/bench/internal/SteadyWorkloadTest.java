package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SteadyWorkloadTest {

    @Test
    void cpuPerFireIsInMillisecondsAndAbsentWithoutFires() {
        assertThat(SteadyWorkload.cpuMsPerFire(3.0, 10_000)).isEqualTo(0.3);
        assertThat(SteadyWorkload.cpuMsPerFire(3.0, 0)).isNull();
    }
}
