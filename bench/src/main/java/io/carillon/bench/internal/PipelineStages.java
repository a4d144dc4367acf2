package io.carillon.bench.internal;

import io.carillon.bench.internal.HandlerStarts.StartKey;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.Trigger;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * Where the lateness of the expected fires comes from, read after the run from the topics (read_committed), so it
 * costs nothing while the window runs. Per expected fire: {@code emit} = the planner's emittedAt minus the scheduled
 * instant (positive only when the planner wrote it late; the planner normally writes up to its horizon ahead),
 * {@code dispatch} = the trigger's dispatchedAt minus the scheduled instant (planner plus dispatcher), and
 * {@code delivery} = the first handler start minus dispatchedAt (transaction commit, worker fetch, hand-off to a run
 * thread). Also counts fires and triggers written more than once. Used by one thread.
 */
final class PipelineStages {

    private static final int SIGNIFICANT_DIGITS = 3;
    private static final double MICROS_PER_MILLI = 1000.0;

    private final Set<String> jobIds;
    private final Set<Long> instants;
    private final HandlerStarts starts;
    private final Histogram emitLateness = new Histogram(SIGNIFICANT_DIGITS);
    private final Histogram dispatch = new Histogram(SIGNIFICANT_DIGITS);
    private final Histogram delivery = new Histogram(SIGNIFICANT_DIGITS);
    private final Map<String, Integer> firesPerId = new HashMap<>();
    private final Map<String, Integer> triggersPerRun = new HashMap<>();
    private long unreadable;

    private PipelineStages(ExpectedFires fires, HandlerStarts starts) {
        this.jobIds = fires.jobIdSet();
        this.instants = fires.instantMillis();
        this.starts = starts;
    }

    /** Reads the fires and trigger topics to their ends and measures the stages of {@code fires}. */
    static Map<String, Object> measure(
            Map<String, Object> clientConfig,
            TopicCatalog catalog,
            String app,
            ExpectedFires fires,
            HandlerStarts starts,
            WallClock wallClock) {
        PipelineStages stages = new PipelineStages(fires, starts);
        TopicScan.scan(clientConfig, catalog.fires(), wallClock, stages::addFire);
        TopicScan.scan(clientConfig, catalog.trigger(app), wallClock, stages::addTrigger);
        return stages.summary();
    }

    private void addFire(byte[] value) {
        List<FireEvent> fires;
        try {
            fires = EventSerdes.FIRES.deserialize(null, value);
        } catch (InvalidEventException e) {
            unreadable++;
            return;
        }
        if (fires != null) {
            fires.forEach(this::addFire);
        }
    }

    private void addFire(FireEvent fire) {
        if (fire == null
                || fire.action() != FireAction.FIRE
                || fire.attempt() != 1
                || !expected(fire.jobId(), fire.scheduledAt())) {
            return;
        }
        if (firesPerId.merge(fire.fireId(), 1, Integer::sum) == 1 && fire.emittedAt() != null) {
            emitLateness.recordValue(
                    Math.max(0, HandlerStarts.micros(fire.emittedAt()) - HandlerStarts.micros(fire.scheduledAt())));
        }
    }

    private void addTrigger(byte[] value) {
        List<Trigger> triggers;
        try {
            triggers = EventSerdes.TRIGGERS.deserialize(null, value);
        } catch (InvalidEventException e) {
            unreadable++;
            return;
        }
        if (triggers != null) {
            triggers.forEach(this::addTrigger);
        }
    }

    private void addTrigger(Trigger trigger) {
        if (trigger == null
                || trigger.dispatchedAt() == null
                || trigger.shardIndex() != 0
                || trigger.attempt() != 1
                || !expected(trigger.jobId(), trigger.scheduledAt())) {
            return;
        }
        if (triggersPerRun.merge(trigger.runId(), 1, Integer::sum) > 1) {
            return;
        }
        long dispatched = HandlerStarts.micros(trigger.dispatchedAt());
        dispatch.recordValue(Math.max(0, dispatched - HandlerStarts.micros(trigger.scheduledAt())));
        long started = starts.firstStartMicros(
                new StartKey(trigger.jobId(), trigger.scheduledAt().toEpochMilli(), 0, 1));
        if (started >= 0) {
            delivery.recordValue(Math.max(0, started - dispatched));
        }
    }

    private boolean expected(String jobId, Instant scheduledAt) {
        return scheduledAt != null && jobIds.contains(jobId) && instants.contains(scheduledAt.toEpochMilli());
    }

    private Map<String, Object> summary() {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("fires_emitted", firesPerId.size());
        summary.put(
                "duplicate_fires",
                firesPerId.values().stream().mapToLong(count -> count - 1).sum());
        summary.put("triggers", triggersPerRun.size());
        summary.put(
                "duplicate_triggers",
                triggersPerRun.values().stream().mapToLong(count -> count - 1).sum());
        summary.put("unreadable_records", unreadable);
        summary.put("emit_lateness_ms", percentiles(emitLateness));
        summary.put("dispatch_lateness_ms", percentiles(dispatch));
        summary.put("delivery_ms", percentiles(delivery));
        return summary;
    }

    private static Map<String, Double> percentiles(Histogram histogram) {
        Map<String, Double> percentiles = new LinkedHashMap<>();
        percentiles.put("p50", millis(histogram.getValueAtPercentile(50.0)));
        percentiles.put("p99", millis(histogram.getValueAtPercentile(99.0)));
        percentiles.put("max", millis(histogram.getMaxValue()));
        return percentiles;
    }

    private static double millis(long micros) {
        return Math.round(micros / MICROS_PER_MILLI * 10) / 10.0;
    }
}
