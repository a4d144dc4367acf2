package io.carillon.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import org.junit.jupiter.api.Test;

class BenchMainTest {

    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();

    @Test
    void anUnknownWorkloadIsRefusedAndPrintsNoJsonLine() {
        int status = run("nightly", "--jobs", "10");

        assertThat(status).isEqualTo(BenchMain.USAGE);
        assertThat(stderr.toString(StandardCharsets.UTF_8)).contains("unknown workload 'nightly'");
        assertThat(stdout.size()).isZero();
    }

    @Test
    void aWrongFailoverOrScaleFlagIsRefusedBeforeAnythingStarts() {
        assertThat(run("failover", "--jobs", "0")).isEqualTo(BenchMain.USAGE);
        assertThat(run("scale", "--jobs", "1000", "--active", "x")).isEqualTo(BenchMain.USAGE);
        assertThat(run("scale", "--period-ms", "1000")).isEqualTo(BenchMain.USAGE);

        assertThat(stderr.toString(StandardCharsets.UTF_8))
                .contains("--jobs must be at least 1, was 0")
                .contains("--active must be a whole number, was 'x'")
                .contains("--period-ms is not a flag of scale");
        assertThat(stdout.size()).isZero();
    }

    @Test
    void failingJobsNeedTheAnalyticsAppAndNoMoreThanTheJobs() {
        assertThat(run("steady", "--jobs", "10", "--failing", "2", "--analytics", "false"))
                .isEqualTo(BenchMain.USAGE);
        assertThat(run("steady", "--jobs", "10", "--failing", "11")).isEqualTo(BenchMain.USAGE);
        assertThat(run("steady", "--jobs", "10", "--analytics", "maybe")).isEqualTo(BenchMain.USAGE);

        assertThat(stderr.toString(StandardCharsets.UTF_8))
                .contains("--failing needs the analytics app")
                .contains("--failing must be at most --jobs (10), was 11")
                .contains("--analytics takes true or false, was 'maybe'");
        assertThat(stdout.size()).isZero();
    }

    @Test
    void aMistypedFlagIsRefusedNamingIt() {
        int status = run("steady", "--job", "10");

        assertThat(status).isEqualTo(BenchMain.USAGE);
        assertThat(stderr.toString(StandardCharsets.UTF_8))
                .contains("--job is not a flag of steady")
                .contains("--jobs");
    }

    @Test
    void aNonNumericValueIsRefusedNamingTheFlag() {
        int status = run("burst", "--fires", "many");

        assertThat(status).isEqualTo(BenchMain.USAGE);
        assertThat(stderr.toString(StandardCharsets.UTF_8)).contains("--fires must be a whole number, was 'many'");
    }

    @Test
    void keepDataTakesOnlyTrueOrFalse() {
        int status = run("steady", "--jobs", "10", "--keep-data", "yes");

        assertThat(status).isEqualTo(BenchMain.USAGE);
        assertThat(stderr.toString(StandardCharsets.UTF_8)).contains("--keep-data takes true or false, was 'yes'");
        assertThat(stdout.size()).isZero();
    }

    @Test
    void workerProcessTakesOnlyTrueOrFalse() {
        int status = run("burst", "--fires", "10", "--worker-process", "separate");

        assertThat(status).isEqualTo(BenchMain.USAGE);
        assertThat(stderr.toString(StandardCharsets.UTF_8))
                .contains("--worker-process takes true or false, was 'separate'");
        assertThat(stdout.size()).isZero();
    }

    private int run(String... args) {
        return BenchMain.run(
                Clock.systemUTC(),
                new PrintStream(stdout, true, StandardCharsets.UTF_8),
                new PrintStream(stderr, true, StandardCharsets.UTF_8),
                args);
    }
}
