package io.carillon.planner.workflow;

import java.time.Duration;

/**
 * The workflow engine's settings: {@code punctuateInterval}, how often it starts the instances its schedules made
 * due; {@code endedInstancesKept}, how many ended instances of a workflow it keeps (for RETRY_NODE and SKIP_NODE of
 * a failed one, and so that a replayed START does not start one again); {@code maxQueuedInstances}, how many
 * instances of a workflow may wait for a free slot (block strategy SERIAL) before the next is DISCARDED.
 * Immutable.
 */
public record WorkflowSettings(Duration punctuateInterval, int endedInstancesKept, int maxQueuedInstances) {

    public static final Duration DEFAULT_PUNCTUATE_INTERVAL = Duration.ofSeconds(1);
    public static final int DEFAULT_ENDED_INSTANCES_KEPT = 20;
    public static final int DEFAULT_MAX_QUEUED_INSTANCES = 100;

    public WorkflowSettings {
        if (punctuateInterval == null || punctuateInterval.isNegative() || punctuateInterval.isZero()) {
            throw new IllegalArgumentException("punctuateInterval must be positive, was " + punctuateInterval);
        }
        if (endedInstancesKept < 1) {
            throw new IllegalArgumentException("endedInstancesKept must be at least 1, was " + endedInstancesKept);
        }
        if (maxQueuedInstances < 0) {
            throw new IllegalArgumentException("maxQueuedInstances must not be negative, was " + maxQueuedInstances);
        }
    }

    public static WorkflowSettings defaults() {
        return new WorkflowSettings(
                DEFAULT_PUNCTUATE_INTERVAL, DEFAULT_ENDED_INSTANCES_KEPT, DEFAULT_MAX_QUEUED_INSTANCES);
    }

    /** These settings with the punctuation every {@code interval}. */
    public WorkflowSettings withPunctuateInterval(Duration interval) {
        return new WorkflowSettings(interval, endedInstancesKept, maxQueuedInstances);
    }
}
