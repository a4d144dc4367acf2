package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ProcessMeterTest {

    @Test
    void theCpuOfProcessesNamedLikeThisOneCountsThisOne() throws Exception {
        String command = Files.readString(Path.of("/proc/self/comm")).strip();

        assertThat(ProcessMeter.cpuSecondsOfCommand(command)).isGreaterThanOrEqualTo(ProcessMeter.cpuSeconds());
    }

    @Test
    void noProcessOfACommandCountsNothing() {
        assertThat(ProcessMeter.cpuSecondsOfCommand("no-such-command-here")).isZero();
    }

    @Test
    void theJitCpuOfThisJvmIsSomeOfItsCpu() {
        double jit = ProcessMeter.jitCpuSeconds("self");

        assertThat(jit).isPositive().isLessThanOrEqualTo(ProcessMeter.cpuSeconds());
    }
}
