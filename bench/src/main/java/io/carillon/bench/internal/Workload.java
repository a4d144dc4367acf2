package io.carillon.bench.internal;

import java.io.PrintStream;
import java.time.Clock;
import java.util.Map;

/** One benchmark workload: runs to completion and returns the keys of its JSON line, in order. */
public interface Workload {

    /**
     * Runs the workload, writing human-readable progress to {@code progress}.
     *
     * @throws UsageException when a flag is wrong
     * @throws RuntimeException when the workload could not run (a part did not start)
     */
    Map<String, Object> run(BenchOptions options, Clock clock, PrintStream progress);

    /** The workload named {@code name}, or null when it is not built yet. */
    static Workload named(String name) {
        return switch (name) {
            case "steady" -> new SteadyWorkload();
            case "burst" -> new BurstWorkload();
            case "scale" -> new ScaleWorkload();
            case "failover" -> new FailoverWorkload();
            case "import" -> new ImportWorkload();
            case "create" -> new CreateWorkload();
            case "console" -> new ConsoleWorkload();
            case "faults" -> new FaultsWorkload();
            case "idle" -> new IdleWorkload();
            case "workflows" -> new WorkflowsWorkload();
            default -> null;
        };
    }
}
