package io.carillon.bench;

/**
 * The benchmark and fault harness (see BENCH.md). The workloads steady, burst, scale and failover are built by a
 * later issue; until then this entry point says so and exits with status 2 ("could not run").
 */
public final class BenchMain {

    private static final int COULD_NOT_RUN = 2;

    private BenchMain() {
    }

    public static void main(String[] args) {
        System.err.println("carillon-bench: the workloads (steady, burst, scale, failover) are not built yet");
        System.exit(COULD_NOT_RUN);
    }
}
