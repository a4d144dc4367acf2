package io.carillon.bench.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowInstanceStatus;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code workflows --workflows N}: N five-node pipelines ({@link BenchWorkflows}) all due once at the same whole
 * second, {@code --lead-s} (default 30) s after the parts are up, produced to the workflows topic. Waits up to {@code
 * --drain-s} (default 120) after the instant for every instance to end, then reports how the instances ended (from
 * {@code workflow.events}), each node's handler starts (from the bench worker's own record: every node once),
 * {@code drain_ms} from the instant until the last instance ended, and the instances' durations.
 */
final class WorkflowsWorkload implements Workload {

    private static final int DEFAULT_WORKFLOWS = 1_000;
    private static final int DEFAULT_LEAD_S = 30;
    private static final int DEFAULT_DRAIN_S = 120;
    private static final long WHOLE_SECOND_MS = 1000;

    @Override
    public Map<String, Object> run(BenchOptions options, Clock clock, PrintStream out) {
        int count = options.positiveInt("workflows", DEFAULT_WORKFLOWS);
        int leadS = options.positiveInt("lead-s", DEFAULT_LEAD_S);
        int drainS = options.nonNegativeInt("drain-s", DEFAULT_DRAIN_S);
        WallClock wallClock = new WallClock(clock);
        Instant startedAt = wallClock.now();

        try (BenchCluster cluster = BenchCluster.start(options, clock, out);
                WorkflowEventsWatch watch = WorkflowEventsWatch.start(cluster.clientConfig(), cluster.catalog())) {
            Progress progress = new Progress(out, "workflows", startedAt, cluster.starts());
            Instant at = WallClock.ceil(wallClock.now().plusSeconds(leadS), WHOLE_SECOND_MS);
            List<WorkflowDefinition> workflows = BenchWorkflows.of(count, at);
            progress.say(wallClock.now(), "creating " + count + " five-node workflows due at " + at);
            Instant creating = wallClock.now();
            TopicWriter.write(
                    cluster.clientConfig(),
                    cluster.catalog().prefix() + "bench-workflow-creator",
                    cluster.catalog().workflows(),
                    EventSerdes.WORKFLOW.serializer(),
                    workflows,
                    WorkflowDefinition::id);
            long createMs = Duration.between(creating, wallClock.now()).toMillis();
            progress.say(wallClock.now(), "created in " + createMs + " ms");

            wallClock.awaitInstant(at, now -> progress.rate(now, "waiting for the instant"));
            double cpuAtStart = cluster.cpuSeconds();
            double loadAtStart = ProcessMeter.loadAverage();
            boolean ended = wallClock.awaitCondition(
                    () -> watch.ended() >= count, at.plusSeconds(drainS), now -> progress.rate(now, "instances"));
            double windowCpu = cluster.cpuSeconds() - cpuAtStart;
            progress.say(
                    wallClock.now(),
                    ended ? "every instance ended" : "drain time over, " + (count - watch.ended()) + " not ended");

            NodeStartTally nodes = NodeStartTally.of(BenchWorkflows.nodeJobIds(workflows), cluster.starts());
            return new ResultLine("workflows", workflows.size() * BenchWorkflows.NODES_PER_WORKFLOW, 0, 0)
                    .put("expected", nodes.expected())
                    .put("observed", nodes.started())
                    .put("lost", nodes.neverStarted())
                    .put("duplicates", nodes.startedTwice())
                    .putAll(instanceFigures(watch.instances(), count, at))
                    .put("node_starts", nodes.starts())
                    .put("stray_starts", nodes.strays())
                    .put("window_cpu_s", Math.round(windowCpu * 100) / 100.0)
                    .put(
                            "cpu_ms_per_node",
                            nodes.starts() == 0 ? 0 : Math.round(windowCpu * 1e5 / nodes.starts()) / 100.0)
                    .process(cluster.cpuSeconds(), cluster.peakRssMb(), startedAt, GitSha.current())
                    .load(loadAtStart)
                    .put("at", at.toString())
                    .setup(cluster, JobRoute.KAFKA, createMs)
                    .keys();
        }
    }

    private static Map<String, Object> instanceFigures(
            List<WorkflowEventsWatch.Instance> instances, int count, Instant at) {
        long succeeded = 0;
        long endedOtherwise = 0;
        Instant lastEnd = null;
        List<Long> durations = new ArrayList<>();
        List<Long> startLateness = new ArrayList<>();
        for (WorkflowEventsWatch.Instance instance : instances) {
            if (instance.startedAt() != null) {
                startLateness.add(Duration.between(at, instance.startedAt()).toMillis());
            }
            if (instance.status() == null) {
                continue;
            }
            if (instance.status() == WorkflowInstanceStatus.SUCCEEDED) {
                succeeded++;
            } else {
                endedOtherwise++;
            }
            if (instance.endedAt() != null) {
                lastEnd = lastEnd == null || instance.endedAt().isAfter(lastEnd) ? instance.endedAt() : lastEnd;
                if (instance.startedAt() != null) {
                    durations.add(Duration.between(instance.startedAt(), instance.endedAt())
                            .toMillis());
                }
            }
        }
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("workflows", count);
        figures.put("instances_succeeded", succeeded);
        figures.put("instances_ended_otherwise", endedOtherwise);
        figures.put("instances_not_ended", count - succeeded - endedOtherwise);
        figures.put(
                "drain_ms", lastEnd == null ? -1 : Duration.between(at, lastEnd).toMillis());
        figures.put("instance_ms", MillisSummary.of(durations));
        figures.put("start_lateness_ms", MillisSummary.of(startLateness));
        return figures;
    }
}
