package io.carillon.topics;

import java.util.Map;

/**
 * One topic as the catalog wants it. {@code coPartitioned} topics must all have the same partition count, because
 * the planner joins them by job id.
 */
public record TopicSpec(
        String name, int partitions, short replicationFactor, Map<String, String> configs, boolean coPartitioned) {

    public TopicSpec {
        configs = Map.copyOf(configs);
    }
}
