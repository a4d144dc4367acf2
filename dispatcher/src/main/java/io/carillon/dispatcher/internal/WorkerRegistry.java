package io.carillon.dispatcher.internal;

import io.carillon.topics.events.WorkerHeartbeat;
import io.carillon.topics.workers.ClockOffsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The latest heartbeat of every worker instance, as read from the {@code workers} topic, judged on this dispatcher's
 * clock: a registered heartbeat's {@code sentAt} is the instant this dispatcher received it, so an instance is live
 * for 3 heartbeat intervals after its latest heartbeat arrived, whatever its own clock says. Each instance's clock
 * offset is estimated from its heartbeats ({@link ClockOffsets}); routing prefers the instances in step with this
 * clock, since a worker starts a run at its {@code dueAt} by its own clock, and takes the others only when no
 * instance is in step. Not thread-safe: the dispatcher reads and updates it from its own thread.
 */
public final class WorkerRegistry {

    private static final Logger log = LoggerFactory.getLogger(WorkerRegistry.class);

    private final Map<String, WorkerHeartbeat> byInstance = new HashMap<>();
    private final ClockOffsets offsets = new ClockOffsets();
    /** The instances whose latest estimate is out of step, judged once per heartbeat rather than per fire routed. */
    private final Set<String> outOfStep = new HashSet<>();

    /**
     * Records {@code heartbeat} as the latest of {@code instanceId}, received at {@code receivedAt} by this
     * dispatcher's clock, without a sample of its clock offset (read at start-up, when its delay is unknown).
     */
    public void update(String instanceId, WorkerHeartbeat heartbeat, Instant receivedAt) {
        byInstance.put(instanceId, heartbeat.asReceived(instanceId, receivedAt));
    }

    /**
     * Records {@code heartbeat} as received just now, at {@code receivedAt}, and takes its {@code sentAt} as a
     * sample of the instance's clock offset. Logs when the instance's clock falls out of step or comes back.
     */
    public void updateLive(String instanceId, WorkerHeartbeat heartbeat, Instant receivedAt) {
        boolean wasInStep = !outOfStep.contains(instanceId);
        long offset = offsets.sample(
                instanceId, Duration.between(receivedAt, heartbeat.sentAt()).toMillis());
        boolean inStep = ClockOffsets.isInStep(offset);
        if (inStep) {
            outOfStep.remove(instanceId);
        } else {
            outOfStep.add(instanceId);
        }
        if (wasInStep && !inStep) {
            log.warn(
                    "worker {}'s clock is {} ms {} this dispatcher's; routing prefers instances in step",
                    instanceId,
                    Math.abs(offset),
                    offset > 0 ? "ahead of" : "behind");
        } else if (!wasInStep && inStep) {
            log.info("worker {}'s clock is in step with this dispatcher's again ({} ms)", instanceId, offset);
        }
        update(instanceId, heartbeat, receivedAt);
    }

    /** Forgets {@code instanceId} (it shut down cleanly). */
    public void remove(String instanceId) {
        byInstance.remove(instanceId);
        offsets.remove(instanceId);
        outOfStep.remove(instanceId);
    }

    /**
     * The instances of {@code app} live at {@code now} that have {@code handler}, restricted to {@code pinned} when
     * that is not empty, and to those whose clock is in step when any is, ordered by instance id.
     */
    public List<WorkerHeartbeat> live(String app, String handler, List<String> pinned, Instant now) {
        List<Map.Entry<String, WorkerHeartbeat>> live = byInstance.entrySet().stream()
                .filter(entry -> app.equals(entry.getValue().app()))
                .filter(entry -> entry.getValue().handlers().contains(handler))
                .filter(entry -> now.isBefore(entry.getValue().expiresAt()))
                .filter(entry ->
                        pinned.isEmpty() || pinned.contains(entry.getValue().instanceId()))
                .sorted(Comparator.comparing(entry -> entry.getValue().instanceId()))
                .toList();
        if (!outOfStep.isEmpty() && live.stream().anyMatch(entry -> !outOfStep.contains(entry.getKey()))) {
            live = live.stream()
                    .filter(entry -> !outOfStep.contains(entry.getKey()))
                    .toList();
        }
        return live.stream().map(Map.Entry::getValue).toList();
    }

    /** The estimated offset of {@code instanceId}'s clock from this dispatcher's, in milliseconds (ahead: positive). */
    public long clockOffsetMillis(String instanceId) {
        return offsets.offsetMillis(instanceId);
    }

    /** How many registered instances have a clock out of step with this dispatcher's. */
    public int outOfStep() {
        return outOfStep.size();
    }

    public int size() {
        return byInstance.size();
    }
}
