package io.carillon.dispatcher.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.RunResult;

/**
 * The dispatcher's decisions, free of Kafka clients: given the records read from {@code fires} and the time, what to
 * produce and which offsets to commit. Fires are held in a {@link FireTimer} until the trigger lead before their due
 * instant (the worker waits for the rest; 0 means until due), cancels withdraw held fires,
 * late fires go at once unless the {@link MisfireRule} skips them, due fires are routed by the {@link FireRouter},
 * bad records become dead letters. Not thread-safe: one loop thread drives it.
 */
public final class DispatchEngine {

    private static final Logger log = LoggerFactory.getLogger(DispatchEngine.class);

    private final FireTimer timer;
    private final FireRouter router;
    private final MisfireRule misfire;
    private final DeadLetters deadLetters;
    private final StatsRecorder stats;
    private final int offsetMetadataMaxChars;
    private final Duration triggerLead;
    private final Map<TopicPartition, PartitionProgress> partitions = new HashMap<>();

    /** An engine that dispatches each fire at its due instant (no trigger lead). */
    public DispatchEngine(FireTimer timer, FireRouter router, MisfireRule misfire, DeadLetters deadLetters,
            StatsRecorder stats, int offsetMetadataMaxChars) {
        this(timer, router, misfire, deadLetters, stats, offsetMetadataMaxChars, Duration.ZERO);
    }

    /**
     * An engine that dispatches each fire {@code triggerLead} before its due instant (the worker starts the run at
     * the due instant); a fire that arrives within the lead, or later, goes at once.
     */
    public DispatchEngine(FireTimer timer, FireRouter router, MisfireRule misfire, DeadLetters deadLetters,
            StatsRecorder stats, int offsetMetadataMaxChars, Duration triggerLead) {
        this.triggerLead = triggerLead;
        this.timer = timer;
        this.router = router;
        this.misfire = misfire;
        this.deadLetters = deadLetters;
        this.stats = stats;
        this.offsetMetadataMaxChars = offsetMetadataMaxChars;
    }

    /** {@code partition} now belongs to this dispatcher, which reads it from {@code committed} (null: none). */
    public void assigned(TopicPartition partition, OffsetAndMetadata committed) {
        timer.removeIf(fire -> fire.partition().equals(partition));
        partitions.put(partition, new PartitionProgress(partition, committed));
    }

    /** {@code revoked} are no longer this dispatcher's: their held fires are dropped, the new owner re-reads them. */
    public void revoked(Collection<TopicPartition> revoked) {
        Set<TopicPartition> gone = new HashSet<>(revoked);
        int dropped = timer.removeIf(fire -> gone.contains(fire.partition())).size();
        partitions.keySet().removeAll(gone);
        if (dropped > 0) {
            log.info("dropped {} held fires of revoked partitions {}", dropped, gone);
        }
    }

    /** Forgets every partition and held fire (before re-reading all from the committed offsets). */
    public void reset() {
        revoked(List.copyOf(partitions.keySet()));
        timer.removeIf(fire -> true);
    }

    /** Takes {@code records} (in offset order per partition) and everything due at {@code now} into one plan. */
    public DispatchPlan plan(Iterable<ConsumerRecord<String, byte[]>> records, Instant now) {
        List<ProducerRecord<String, Object>> out = new ArrayList<>();
        for (ConsumerRecord<String, byte[]> record : records) {
            accept(record, now, out);
        }
        for (HeldFire due : timer.expire(now)) {
            out.addAll(dispatch(due.fire(), now));
            progress(due.partition()).finish(due.offset());
        }
        return new DispatchPlan(out, offsetsToCommit());
    }

    /** When the earliest held fire is to be dispatched (its due instant less the trigger lead). */
    public Optional<Instant> nextDue() {
        return timer.nextDue();
    }

    public int heldFires() {
        return timer.size();
    }

    private void accept(ConsumerRecord<String, byte[]> record, Instant now, List<ProducerRecord<String, Object>> out) {
        TopicPartition partition = new TopicPartition(record.topic(), record.partition());
        PartitionProgress progress = progress(partition);
        if (progress.handledBefore(record.offset())) {
            progress.finish(record.offset());
            return;
        }
        String problem;
        FireEvent fire = null;
        try {
            fire = EventSerdes.FIRE.deserialize(record.topic(), record.value());
            problem = fire == null ? "empty value: a fires record must be a FireEvent" : FireChecks.problem(fire);
        } catch (InvalidEventException e) {
            problem = e.getMessage();
        }
        if (problem != null) {
            log.warn("fire record {}-{}@{} sent to the dlq: {}", record.topic(), record.partition(), record.offset(),
                    problem);
            stats.deadLetter();
            out.add(deadLetters.of(record, problem, now));
            progress.finish(record.offset());
        } else if (fire.action() == FireAction.CANCEL) {
            timer.cancel(fire.fireId()).ifPresent(held -> progress(held.partition()).finish(held.offset()));
            progress.finish(record.offset());
        } else if (!releaseAt(fire).isAfter(now)) {
            out.addAll(dispatch(fire, now));
            progress.finish(record.offset());
        } else if (timer.add(new HeldFire(partition, record.offset(), fire, releaseAt(fire)))) {
            progress.hold(record.offset());
        } else {
            log.info("fire {} is already held; ignoring the copy at {}@{}", fire.fireId(), partition, record.offset());
            progress.finish(record.offset());
        }
    }

    private Instant releaseAt(FireEvent fire) {
        return fire.dueAt().minus(triggerLead);
    }

    /** A SKIPPED result if the fire is later than its misfire threshold and its policy says so; else routed. */
    private List<ProducerRecord<String, Object>> dispatch(FireEvent fire, Instant now) {
        Optional<ProducerRecord<String, Object>> skipped = misfire.skip(fire, now);
        if (skipped.isPresent()) {
            log.info("fire {} skipped: {}", fire.fireId(), ((RunResult) skipped.get().value()).message());
            stats.skipped(fire.app());
            return List.of(skipped.get());
        }
        return router.route(fire, now);
    }

    private PartitionProgress progress(TopicPartition partition) {
        return partitions.computeIfAbsent(partition, p -> new PartitionProgress(p, null));
    }

    private Map<TopicPartition, OffsetAndMetadata> offsetsToCommit() {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        partitions.forEach((partition, progress) -> {
            OffsetAndMetadata point = progress.commitPoint(offsetMetadataMaxChars);
            if (point != null) {
                offsets.put(partition, point);
            }
        });
        return offsets;
    }
}
