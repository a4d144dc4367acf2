package io.carillon.dispatcher.internal;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Instant;
import java.util.List;

/**
 * A routing strategy: which of the live instances run a fire. One trigger is sent per instance returned; when
 * several are returned, each trigger carries its position as shard index and their count as shard total. Used from
 * the dispatcher's thread only.
 */
public interface WorkerSelector {

    /**
     * The instances to trigger, chosen from {@code live}: never empty, already restricted to the job's pinned
     * instances, and ordered by instance id ({@link String#compareTo}), which is what "first" and "last" mean.
     */
    List<WorkerHeartbeat> select(FireEvent fire, List<WorkerHeartbeat> live, Instant now);
}
