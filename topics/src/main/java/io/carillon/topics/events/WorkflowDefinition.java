package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Optional;

/**
 * A workflow as published on the compacted {@code workflows} topic (key: workflow id; a tombstone deletes it): nodes
 * ({@link WorkflowNode}) wired by edges ({@link WorkflowEdge}) into a directed acyclic graph, checked by
 * {@link io.carillon.topics.WorkflowValidator}. {@code schedule} starts instances (NONE: only START commands do),
 * with {@code misfire} for the instants missed while no planner ran; at most {@code maxInstances} (default 1) run at
 * once, and {@code blockStrategy} says what happens to one more: SERIAL queues it until one ends, DISCARD_LATER
 * drops it, COVER_EARLY cancels the oldest running one. {@code apps} lists the apps the workflow's nodes run on, for
 * grouping and permissions. {@code maxDurationMs}, when set, is how long an instance may run: the analytics app opens
 * a WORKFLOW_OVERRUN incident for an instance still running that long after it started. {@code version} grows with
 * every change. Null fields are left out of JSON. Immutable.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkflowDefinition(
        int schemaVersion,
        String id,
        String description,
        String owner,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> tags,
        List<String> apps,
        Schedule schedule,
        MisfirePolicy misfire,
        boolean enabled,
        int maxInstances,
        BlockStrategy blockStrategy,
        Long maxDurationMs,
        List<WorkflowNode> nodes,
        List<WorkflowEdge> edges,
        long version) {

    public static final int SCHEMA_VERSION = 1;
    /** The {@code maxInstances} of a workflow that sets none. */
    public static final int DEFAULT_MAX_INSTANCES = 1;

    public WorkflowDefinition {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
        tags = tags == null ? List.of() : List.copyOf(tags);
        apps = apps == null ? List.of() : List.copyOf(apps);
        schedule = schedule == null ? Schedule.none() : schedule;
        misfire = misfire == null ? MisfirePolicy.defaults() : misfire;
        maxInstances = maxInstances <= 0 ? DEFAULT_MAX_INSTANCES : maxInstances;
        blockStrategy = blockStrategy == null ? BlockStrategy.SERIAL : blockStrategy;
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        edges = edges == null ? List.of() : List.copyOf(edges);
    }

    /** The node {@code nodeId}, if the workflow has it. */
    public Optional<WorkflowNode> node(String nodeId) {
        return nodes.stream().filter(node -> node.id().equals(nodeId)).findFirst();
    }

    /** The edges into node {@code nodeId}. */
    public List<WorkflowEdge> edgesInto(String nodeId) {
        return edges.stream().filter(edge -> edge.to().equals(nodeId)).toList();
    }

    /** The edges out of node {@code nodeId}. */
    public List<WorkflowEdge> edgesFrom(String nodeId) {
        return edges.stream().filter(edge -> edge.from().equals(nodeId)).toList();
    }

    public static Builder builder(String id) {
        return new Builder(id);
    }

    public Builder toBuilder() {
        return toBuilder(id);
    }

    /** A builder holding every field of this definition but its id, which is {@code otherId}. */
    public Builder toBuilder(String otherId) {
        return new Builder(otherId)
                .description(description)
                .owner(owner)
                .tags(tags)
                .apps(apps)
                .schedule(schedule)
                .misfire(misfire)
                .enabled(enabled)
                .maxInstances(maxInstances)
                .blockStrategy(blockStrategy)
                .maxDurationMs(maxDurationMs)
                .nodes(nodes)
                .edges(edges)
                .version(version);
    }

    /** Builds a definition field by field; unset fields take the defaults of the record's constructor. */
    public static final class Builder {
        private final String id;
        private String description;
        private String owner;
        private List<String> tags;
        private List<String> apps;
        private Schedule schedule = Schedule.none();
        private MisfirePolicy misfire;
        private boolean enabled = true;
        private int maxInstances;
        private BlockStrategy blockStrategy;
        private Long maxDurationMs;
        private List<WorkflowNode> nodes;
        private List<WorkflowEdge> edges;
        private long version = 1;

        private Builder(String id) {
            this.id = id;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder owner(String owner) {
            this.owner = owner;
            return this;
        }

        public Builder tags(List<String> tags) {
            this.tags = tags;
            return this;
        }

        public Builder apps(List<String> apps) {
            this.apps = apps;
            return this;
        }

        public Builder schedule(Schedule schedule) {
            this.schedule = schedule;
            return this;
        }

        public Builder misfire(MisfirePolicy misfire) {
            this.misfire = misfire;
            return this;
        }

        public Builder enabled(boolean enabled) {
            this.enabled = enabled;
            return this;
        }

        public Builder maxInstances(int maxInstances) {
            this.maxInstances = maxInstances;
            return this;
        }

        public Builder blockStrategy(BlockStrategy blockStrategy) {
            this.blockStrategy = blockStrategy;
            return this;
        }

        public Builder maxDurationMs(Long maxDurationMs) {
            this.maxDurationMs = maxDurationMs;
            return this;
        }

        public Builder nodes(List<WorkflowNode> nodes) {
            this.nodes = nodes;
            return this;
        }

        public Builder edges(List<WorkflowEdge> edges) {
            this.edges = edges;
            return this;
        }

        public Builder version(long version) {
            this.version = version;
            return this;
        }

        public WorkflowDefinition build() {
            return new WorkflowDefinition(
                    SCHEMA_VERSION,
                    id,
                    description,
                    owner,
                    tags,
                    apps,
                    schedule,
                    misfire,
                    enabled,
                    maxInstances,
                    blockStrategy,
                    maxDurationMs,
                    nodes,
                    edges,
                    version);
        }
    }
}
