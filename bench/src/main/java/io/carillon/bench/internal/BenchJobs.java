package io.carillon.bench.internal;

import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The jobs of a workload: ids {@code bench-000001} upward, app bench, the no-op handler (the first {@code failing}
 * ones the failing handler).
 */
final class BenchJobs {

    static final String ID_PREFIX = "bench-";
    private static final int MIN_DIGITS = 6;

    private BenchJobs() {}

    /** {@code count} jobs, the i-th with the schedule {@code schedules.apply(i)}. */
    static List<JobDefinition> of(int count, Function<Integer, Schedule> schedules) {
        return of(count, 0, schedules);
    }

    /** {@code count} jobs as {@link #of(int, Function)}, of which the first {@code failing} run the failing handler. */
    static List<JobDefinition> of(int count, int failing, Function<Integer, Schedule> schedules) {
        int digits = Math.max(MIN_DIGITS, Integer.toString(count).length());
        List<JobDefinition> jobs = new ArrayList<>(count);
        for (int i = 1; i <= count; i++) {
            jobs.add(JobDefinition.builder(ID_PREFIX + String.format("%0" + digits + "d", i))
                    .app(BenchCluster.APP)
                    .handler(i <= failing ? BenchCluster.FAILING_HANDLER : BenchCluster.HANDLER)
                    .description(i <= failing ? "carillon-bench failing job" : "carillon-bench no-op job")
                    .schedule(schedules.apply(i))
                    .build());
        }
        return jobs;
    }

    static List<String> ids(List<JobDefinition> jobs) {
        return jobs.stream().map(JobDefinition::id).toList();
    }
}
