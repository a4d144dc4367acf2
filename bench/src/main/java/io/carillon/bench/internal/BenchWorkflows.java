package io.carillon.bench.internal;

import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEdge;
import io.carillon.topics.events.WorkflowNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The workflows of the {@code workflows} workload: ids {@code bench-wf-000001} upward, each the nightly pipeline of
 * five inline no-op nodes on app bench (three extracts, then a transform once all three succeeded, then a load),
 * due once at one instant. Stateless.
 */
final class BenchWorkflows {

    static final String ID_PREFIX = "bench-wf-";
    static final List<String> ROOTS = List.of("extract-a", "extract-b", "extract-c");
    static final String FAN_IN = "transform";
    static final String LAST = "load";
    static final int NODES_PER_WORKFLOW = ROOTS.size() + 2;
    private static final int MIN_DIGITS = 6;

    private BenchWorkflows() {}

    /** {@code count} pipelines, each due once at {@code at}. */
    static List<WorkflowDefinition> of(int count, Instant at) {
        int digits = Math.max(MIN_DIGITS, Integer.toString(count).length());
        List<WorkflowDefinition> workflows = new ArrayList<>(count);
        for (int i = 1; i <= count; i++) {
            workflows.add(pipeline(ID_PREFIX + String.format("%0" + digits + "d", i), at));
        }
        return workflows;
    }

    private static WorkflowDefinition pipeline(String id, Instant at) {
        List<WorkflowNode> nodes = new ArrayList<>();
        List<WorkflowEdge> edges = new ArrayList<>();
        for (String root : ROOTS) {
            nodes.add(WorkflowNode.inline(root, BenchCluster.APP, BenchCluster.HANDLER));
            edges.add(WorkflowEdge.of(root, FAN_IN));
        }
        nodes.add(WorkflowNode.inline(FAN_IN, BenchCluster.APP, BenchCluster.HANDLER));
        nodes.add(WorkflowNode.inline(LAST, BenchCluster.APP, BenchCluster.HANDLER));
        edges.add(WorkflowEdge.of(FAN_IN, LAST));
        return WorkflowDefinition.builder(id)
                .description("carillon-bench pipeline")
                .apps(List.of(BenchCluster.APP))
                .schedule(Schedule.once(at))
                .nodes(nodes)
                .edges(edges)
                .build();
    }

    /** The jobs whose runs are the nodes' runs: {@code <workflow>.<node>} for every node of {@code workflows}. */
    static List<String> nodeJobIds(List<WorkflowDefinition> workflows) {
        List<String> ids = new ArrayList<>(workflows.size() * NODES_PER_WORKFLOW);
        for (WorkflowDefinition workflow : workflows) {
            for (WorkflowNode node : workflow.nodes()) {
                ids.add(node.jobIdIn(workflow.id()));
            }
        }
        return ids;
    }
}
