package io.carillon.worker.spring;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A workflow declared through configuration: {@code carillon.worker.workflows.<id>.*}. The schedule, misfire and
 * calendar fields have the meaning and the text form of the {@link io.carillon.worker.DeclaredJob @DeclaredJob}
 * attributes of the same name; {@code nodes.<node id>.*} are its nodes and {@code edges[i].*} its edges
 * (docs/workflows.md, "Declared in code").
 */
public class DeclaredWorkflowProperties extends DeclaredScheduleProperties {

    /** How many instances may run at once (1 unless set). */
    private String maxInstances;

    /** How long an instance may run before an overrun incident opens (a duration, 1s to 30d). */
    private String maxDuration;

    /** The nodes, by node id. */
    private Map<String, DeclaredWorkflowNodeProperties> nodes = new LinkedHashMap<>();

    /** The edges between the nodes. */
    private List<DeclaredWorkflowEdgeProperties> edges = new ArrayList<>();

    public String getMaxInstances() {
        return maxInstances;
    }

    public void setMaxInstances(String maxInstances) {
        this.maxInstances = maxInstances;
    }

    public String getMaxDuration() {
        return maxDuration;
    }

    public void setMaxDuration(String maxDuration) {
        this.maxDuration = maxDuration;
    }

    public Map<String, DeclaredWorkflowNodeProperties> getNodes() {
        return nodes;
    }

    public void setNodes(Map<String, DeclaredWorkflowNodeProperties> nodes) {
        this.nodes = nodes;
    }

    public List<DeclaredWorkflowEdgeProperties> getEdges() {
        return edges;
    }

    public void setEdges(List<DeclaredWorkflowEdgeProperties> edges) {
        this.edges = edges;
    }
}
