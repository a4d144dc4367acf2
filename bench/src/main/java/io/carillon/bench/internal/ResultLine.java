package io.carillon.bench.internal;

import io.carillon.topics.Json;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The keys every workload's JSON line carries (BENCH.md: never renamed), filled in order, plus extras. Used by one
 * thread.
 */
public final class ResultLine {

    private final Map<String, Object> keys = new LinkedHashMap<>();

    public ResultLine(String workload, int jobs, long periodMs, long durationS) {
        keys.put("workload", workload);
        keys.put("jobs", jobs);
        keys.put("period_ms", periodMs);
        keys.put("duration_s", durationS);
    }

    /** Adds expected, observed, lost, duplicates, fires_per_s and lateness_ms from {@code tally}. */
    public ResultLine tally(FireTally tally, double firesPerSecond) {
        keys.put("expected", tally.expected());
        keys.put("observed", tally.observed());
        keys.put("lost", tally.lost());
        keys.put("duplicates", tally.duplicates());
        keys.put("fires_per_s", Math.round(firesPerSecond * 10) / 10.0);
        keys.put("lateness_ms", tally.latenessMs());
        return this;
    }

    public ResultLine materialized(long materialized) {
        keys.put("materialized", materialized);
        return this;
    }

    /** Adds cpu_s and peak_rss_mb of this process, started_at and git_sha. */
    public ResultLine process(double cpuSeconds, double peakRssMb, Instant startedAt, String gitSha) {
        keys.put("cpu_s", Math.round(cpuSeconds * 100) / 100.0);
        keys.put("peak_rss_mb", peakRssMb);
        keys.put("started_at", startedAt.toString());
        keys.put("git_sha", gitSha);
        return this;
    }

    /** Adds how the run was set up: job route and creation time, worker capacity, and {@link #environment}. */
    public ResultLine setup(BenchCluster cluster, JobRoute route, long createMs) {
        keys.put("create_route", route.name().toLowerCase(Locale.ROOT));
        keys.put("create_ms", createMs);
        keys.put("worker_capacity", cluster.workerCapacity());
        cluster.workerLayout().ifPresent(layout -> keys.put("worker", layout));
        if (!cluster.workerProcesses().isEmpty()) {
            keys.put("worker_processes", cluster.workerProcesses());
        }
        if (!cluster.workerJvmOptions().isEmpty()) {
            keys.put("worker_jvm_options", String.join(" ", cluster.workerJvmOptions()));
        }
        if (cluster.workerFetchMaxWaitMs() != null) {
            keys.put("worker_fetch_max_wait_ms", cluster.workerFetchMaxWaitMs());
        }
        return environment(cluster);
    }

    /** Adds where the run's parts ran: partitions, Kafka, PostgreSQL, cores, and whether the tree was dirty. */
    public ResultLine environment(BenchCluster cluster) {
        keys.put("partitions", cluster.catalog().partitions());
        keys.put("kafka", cluster.externalKafka() ? "external" : "in-process");
        keys.put("postgres", cluster.database().embedded() ? "embedded" : "server");
        keys.put("cores", Runtime.getRuntime().availableProcessors());
        keys.put(
                "jvm_options",
                String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        keys.put("git_dirty", GitSha.dirty());
        return this;
    }

    /** The machine's 1-minute load average when the run started ({@code loadAtStart}) and now. */
    public ResultLine load(double loadAtStart) {
        keys.put("load_avg_start", loadAtStart);
        keys.put("load_avg_end", ProcessMeter.loadAverage());
        return this;
    }

    /** The handler starts no expected fire explains, and those before their instant. */
    public ResultLine strays(FireTally tally) {
        keys.put("unexpected", tally.unexpected());
        keys.put("early", tally.early());
        return this;
    }

    /** The harness JVM's own CPU and memory, and those of every process it started. */
    ResultLine fleet(ProcessFleet fleet) {
        keys.put("harness_cpu_s", Math.round(ProcessMeter.cpuSeconds() * 100) / 100.0);
        keys.put("harness_peak_rss_mb", ProcessMeter.peakRssMb());
        keys.put("processes", fleet.perProcess());
        keys.put("process_logs", fleet.logs().toString());
        return this;
    }

    public ResultLine put(String key, Object value) {
        keys.put(key, value);
        return this;
    }

    public ResultLine putAll(Map<String, Object> more) {
        keys.putAll(more);
        return this;
    }

    public Map<String, Object> keys() {
        return keys;
    }

    /** {@code keys} as one line of JSON. */
    public static String toJson(Map<String, Object> keys) {
        return Json.mapper().writeValueAsString(keys);
    }
}
