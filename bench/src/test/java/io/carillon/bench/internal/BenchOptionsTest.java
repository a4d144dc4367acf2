package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BenchOptionsTest {

    @Test
    void jvmOptionsAreSplitOnWhiteSpaceAndAbsentMeansNone() {
        BenchOptions options =
                BenchOptions.parse("steady", "--worker-jvm-options", " -XX:TieredStopAtLevel=1   -Xmx512m ");

        assertThat(options.jvmOptions("worker-jvm-options")).containsExactly("-XX:TieredStopAtLevel=1", "-Xmx512m");
        assertThat(BenchOptions.parse("steady").jvmOptions("worker-jvm-options"))
                .isEmpty();
    }

    @Test
    void failoverDispatchersHaveInstanceIdsUnlessTurnedOff() {
        assertThat(BenchOptions.parse("failover").dispatcherInstanceIds()).isTrue();
        assertThat(BenchOptions.parse("failover", "--dispatcher-instance-ids", "false")
                        .dispatcherInstanceIds())
                .isFalse();
    }
}
