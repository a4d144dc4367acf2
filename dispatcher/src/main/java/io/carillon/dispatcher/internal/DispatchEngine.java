package io.carillon.dispatcher.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.RunResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
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

/**
 * The dispatcher's decisions, free of Kafka clients: given the records read from {@code fires} and the time, what to
 * produce and which offsets to commit. Fires are held in a {@link FireTimer} until the trigger lead before their due
 * instant (the worker waits for the rest; 0 means until due), cancels withdraw held fires,
 * late fires go at once unless the {@link MisfireRule} skips them, due fires are routed by the {@link FireRouter},
 * a cancel of a fire already sent ahead of its still future due instant kills its runs ({@link EarlyFires}),
 * bad records become dead letters. A record may carry one fire or a batch ({@code FireBatch}): each fire of a batch is
 * held and dispatched on its own, and the record counts as done, for the commit, with its last ({@link RecordShares}).
 * The triggers of one plan bound for one partition and due at one instant leave as one record
 * ({@link TriggerBatches}). Not thread-safe: one loop thread drives it.
 */
public final class DispatchEngine {

    private static final Logger log = LoggerFactory.getLogger(DispatchEngine.class);

    /**
     * When a held fire's release instant comes, the fires whose release instants fall within this much after it leave
     * with it, in the same transaction. Fires spread over time (crons of many minutes and seconds, not all at one
     * instant) would otherwise cost a transaction per loop iteration, up to one per 5 ms tick of the wheel when
     * commits are quick; every transaction writes a marker to each partition it touched, the {@code fires} offsets and
     * the coordinator's log, and blocks the loop for its round trips (about 100 ms each at load 30, JFR of bench
     * {@code steady --jobs 10000}). Under load the blocking commit itself gathers what came due meanwhile, so the gain
     * is smaller there: {@code ReleaseWindowIT}'s 805 fires spread over 4 s took 67 and 31 transactions without the
     * window, 54 and 13 with it (load 13-21). 100 ms bounds the transactions the wheel causes to about 10 a second;
     * such a fire leaves at most that much earlier than the trigger lead says (at most 1.6 s before its due instant
     * with the default lead of 1.5 s), a fifteenth of the lead. Capped at the lead: with a lead of 0 every fire still
     * leaves at its due instant.
     */
    public static final Duration RELEASE_WINDOW = Duration.ofMillis(100);

    /** How often a fire waiting for a live worker asks the registry again. */
    static final Duration NO_WORKER_RECHECK = Duration.ofMillis(200);

    private final FireTimer timer;
    private final FireRouter router;
    private final MisfireRule misfire;
    private final DeadLetters deadLetters;
    private final StatsRecorder stats;
    private final int offsetMetadataMaxChars;
    private final Duration triggerLead;
    private final Duration releaseWindow;
    private final EarlyFires earlyFires;
    private final Duration noWorkerGrace;
    private static final Work NOTHING = at -> Optional.of(List.of());
    private final Map<TopicPartition, PartitionProgress> partitions = new HashMap<>();
    private final List<HeldBack> heldBack = new ArrayList<>();
    private final RecordShares shares = new RecordShares();

    /**
     * A record whose handling would make the list of done offsets overflow the offset metadata: done once it fits
     * (when the partition's low-water mark has moved). {@code fireId} names a fire to dispatch, else null.
     */
    private record HeldBack(TopicPartition partition, long offset, String fireId, Work work) {}

    /** What finishing a record produces at an instant; empty when the record was held again instead of finished. */
    @FunctionalInterface
    private interface Work {
        Optional<List<ProducerRecord<String, Object>>> apply(Instant now);
    }

    /**
     * An engine that dispatches each fire {@code triggerLead} before its due instant (the worker starts the run at
     * the due instant); a fire that arrives within the lead, or later, goes at once. {@code earlyFires} remembers the
     * fires sent before their due instant, so that a cancel of one kills its runs. Fires leave the timer in groups:
     * when one is released (or the plan produces records anyway), so is every fire released up to
     * {@code releaseWindow} (at most {@code triggerLead}) later; see {@link #RELEASE_WINDOW}. A fire that finds no
     * live worker waits for one up to {@code noWorkerGrace} from its first try (a worker restarting, or starting
     * after the dispatcher), asking again every {@link #NO_WORKER_RECHECK}, and then ends NO_WORKER.
     */
    public DispatchEngine(
            FireTimer timer,
            FireRouter router,
            MisfireRule misfire,
            DeadLetters deadLetters,
            StatsRecorder stats,
            int offsetMetadataMaxChars,
            Duration triggerLead,
            Duration releaseWindow,
            EarlyFires earlyFires,
            Duration noWorkerGrace) {
        if (releaseWindow.isNegative()) {
            throw new IllegalArgumentException("releaseWindow must not be negative, was " + releaseWindow);
        }
        this.triggerLead = triggerLead;
        this.releaseWindow = releaseWindow.compareTo(triggerLead) < 0 ? releaseWindow : triggerLead;
        this.timer = timer;
        this.router = router;
        this.misfire = misfire;
        this.deadLetters = deadLetters;
        this.stats = stats;
        this.offsetMetadataMaxChars = offsetMetadataMaxChars;
        this.earlyFires = earlyFires;
        this.noWorkerGrace = noWorkerGrace;
    }

    /** {@code partition} now belongs to this dispatcher, which reads it from {@code committed} (null: none). */
    public void assigned(TopicPartition partition, OffsetAndMetadata committed) {
        timer.removeIf(fire -> fire.partition().equals(partition));
        heldBack.removeIf(entry -> entry.partition().equals(partition));
        shares.forget(List.of(partition));
        partitions.put(partition, new PartitionProgress(partition, committed, offsetMetadataMaxChars));
    }

    /** {@code revoked} are no longer this dispatcher's: their held fires are dropped, the new owner re-reads them. */
    public void revoked(Collection<TopicPartition> revoked) {
        Set<TopicPartition> gone = new HashSet<>(revoked);
        int dropped = timer.removeIf(fire -> gone.contains(fire.partition())).size();
        heldBack.removeIf(entry -> gone.contains(entry.partition()));
        earlyFires.revoked(gone);
        shares.forget(gone);
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

    /**
     * Takes {@code records} (in offset order per partition) and everything due at {@code now} into one plan. When a
     * held fire is due, or the plan has records to produce anyway, the fires due within the release window after
     * {@code now} go too, so that fires close in time share one transaction.
     */
    public DispatchPlan plan(Iterable<ConsumerRecord<String, byte[]>> records, Instant now) {
        List<ProducerRecord<String, Object>> out = new ArrayList<>();
        for (ConsumerRecord<String, byte[]> record : records) {
            accept(record, now, out);
        }
        earlyFires.forgetDue(now);
        boolean releasing = !out.isEmpty()
                || timer.nextDue().filter(due -> !due.isAfter(now)).isPresent();
        List<HeldFire> released = releasing ? timer.expire(now.plus(releaseWindow)) : List.of();
        for (HeldFire due : released) {
            complete(due.partition(), due.offset(), due.fireId(), at -> dispatch(due, at), now, out);
        }
        retryHeldBack(now, out);
        return new DispatchPlan(TriggerBatches.pack(out), offsetsToCommit());
    }

    /**
     * Partitions with records held back because their done offsets would not fit in the offset metadata. The loop
     * stops reading them until the mark moves (reading on would only hold back more).
     */
    public Set<TopicPartition> heldBackPartitions() {
        Set<TopicPartition> blocked = new HashSet<>();
        heldBack.forEach(entry -> blocked.add(entry.partition()));
        return blocked;
    }

    /**
     * Does {@code work} for a fire of the record at {@code offset} and finishes it (the record too, when it was its last
     * fire), or holds it back if finishing the record would not fit.
     */
    private void complete(
            TopicPartition partition,
            long offset,
            String fireId,
            Work work,
            Instant now,
            List<ProducerRecord<String, Object>> out) {
        PartitionProgress progress = progress(partition);
        if (!shares.isLast(partition, offset) || progress.canFinish(offset)) {
            finish(progress, offset, work, now, out);
            return;
        }
        if (heldBack.stream().noneMatch(entry -> entry.partition().equals(partition))) {
            log.warn(
                    "{}: the offsets done above the low-water mark would not fit in {} characters of offset"
                            + " metadata; holding back the record at {} and what follows until the mark moves",
                    partition,
                    offsetMetadataMaxChars,
                    offset);
        }
        progress.hold(offset);
        heldBack.add(new HeldBack(partition, offset, fireId, work));
    }

    /** Does the held-back work that fits now, lowest offsets first (finishing a partition's mark always fits). */
    private void retryHeldBack(Instant now, List<ProducerRecord<String, Object>> out) {
        if (heldBack.isEmpty()) {
            return;
        }
        heldBack.sort(Comparator.comparing((HeldBack entry) -> entry.partition().toString())
                .thenComparingLong(HeldBack::offset));
        for (Iterator<HeldBack> entries = heldBack.iterator(); entries.hasNext(); ) {
            HeldBack entry = entries.next();
            PartitionProgress progress = progress(entry.partition());
            if (progress.canFinish(entry.offset())) {
                finish(progress, entry.offset(), entry.work(), now, out);
                entries.remove();
            }
        }
    }

    /** Does {@code work} and, unless it held the fire again, finishes it, and the record with its last fire. */
    private void finish(
            PartitionProgress progress, long offset, Work work, Instant now, List<ProducerRecord<String, Object>> out) {
        work.apply(now).ifPresent(records -> {
            out.addAll(records);
            if (shares.release(progress.partition(), offset)) {
                progress.finish(offset);
            }
        });
    }

    /**
     * A cancel withdraws a fire that is held (or held back, due but not yet dispatched); a fire already sent ahead of
     * its due instant, which is still ahead, has its runs killed on {@code control} instead.
     */
    private void cancel(String fireId, Instant now, List<ProducerRecord<String, Object>> out) {
        timer.cancel(fireId).ifPresent(held -> complete(held.partition(), held.offset(), null, NOTHING, now, out));
        heldBack.replaceAll(entry ->
                fireId.equals(entry.fireId()) ? new HeldBack(entry.partition(), entry.offset(), null, NOTHING) : entry);
        List<ProducerRecord<String, Object>> kills = earlyFires.cancelled(fireId, now);
        if (!kills.isEmpty()) {
            log.info(
                    "fire {} was cancelled after it was sent ahead of its due instant: killing its run(s) {}",
                    fireId,
                    kills.stream().map(ProducerRecord::key).toList());
            out.addAll(kills);
        }
    }

    /** When the earliest held fire is to be dispatched (its due instant less the trigger lead). */
    public Optional<Instant> nextDue() {
        return timer.nextDue();
    }

    /** Fires held until due, and records held back. */
    public int heldFires() {
        return timer.size() + heldBack.size();
    }

    private void accept(ConsumerRecord<String, byte[]> record, Instant now, List<ProducerRecord<String, Object>> out) {
        TopicPartition partition = new TopicPartition(record.topic(), record.partition());
        if (progress(partition).handledBefore(record.offset())) {
            complete(partition, record.offset(), null, NOTHING, now, out);
            return;
        }
        List<FireEvent> fires;
        try {
            fires = EventSerdes.FIRES.deserialize(record.topic(), record.value());
        } catch (InvalidEventException e) {
            deadLetter(record, e.getMessage(), now, out);
            return;
        }
        if (fires == null || fires.isEmpty()) {
            deadLetter(record, "empty value: a fires record must be a FireEvent or a FireBatch", now, out);
            return;
        }
        shares.open(partition, record.offset(), fires.size());
        for (int index = 0; index < fires.size(); index++) {
            FireEvent fire = fires.get(index);
            String problem = FireChecks.problem(fire);
            if (problem != null) {
                deadLetter(
                        record, fires.size() == 1 ? problem : "fire " + index + " of the batch: " + problem, now, out);
            } else {
                accept(partition, record.offset(), fire, now, out);
            }
        }
    }

    private void accept(
            TopicPartition partition,
            long offset,
            FireEvent fire,
            Instant now,
            List<ProducerRecord<String, Object>> out) {
        if (fire.action() == FireAction.CANCEL) {
            cancel(fire.fireId(), now, out);
            complete(partition, offset, null, NOTHING, now, out);
        } else if (!releaseAt(fire).isAfter(now)) {
            HeldFire late = new HeldFire(partition, offset, fire, now);
            complete(partition, offset, fire.fireId(), at -> dispatch(late, at), now, out);
        } else if (timer.add(new HeldFire(partition, offset, fire, releaseAt(fire)))) {
            progress(partition).hold(offset);
        } else {
            log.info("fire {} is already held; ignoring the copy at {}@{}", fire.fireId(), partition, offset);
            complete(partition, offset, null, NOTHING, now, out);
        }
    }

    /** Sends the record (or one bad fire of it) to the dlq, naming the problem; the record's other fires go on. */
    private void deadLetter(
            ConsumerRecord<String, byte[]> record,
            String problem,
            Instant now,
            List<ProducerRecord<String, Object>> out) {
        log.warn(
                "fire record {}-{}@{} sent to the dlq: {}",
                record.topic(),
                record.partition(),
                record.offset(),
                problem);
        complete(
                new TopicPartition(record.topic(), record.partition()),
                record.offset(),
                null,
                at -> {
                    stats.deadLetter(record.topic());
                    return Optional.of(List.of(deadLetters.of(record, problem, at)));
                },
                now,
                out);
    }

    private Instant releaseAt(FireEvent fire) {
        return fire.dueAt().minus(triggerLead);
    }

    /**
     * A SKIPPED result if the fire is later than its misfire threshold and its policy says so; else an ACQUIRE of its
     * concurrency limit if it claims one not yet granted; else routed; else, with
     * no live worker to take it, held again until the next check while within the grace, and NO_WORKER after it.
     */
    private Optional<List<ProducerRecord<String, Object>>> dispatch(HeldFire held, Instant now) {
        FireEvent fire = held.fire();
        Optional<ProducerRecord<String, Object>> skipped = misfire.skip(fire, now);
        if (skipped.isPresent()) {
            log.info(
                    "fire {} skipped: {}",
                    fire.fireId(),
                    ((RunResult) skipped.get().value()).message());
            stats.skipped(fire.app());
            return Optional.of(List.of(skipped.get()));
        }
        if (fire.needsLimit()) {
            return Optional.of(List.of(router.acquire(fire, now)));
        }
        List<ProducerRecord<String, Object>> records = router.route(fire, now);
        if (!records.isEmpty()) {
            earlyFires.dispatched(held.partition(), fire, records, now);
            return Optional.of(records);
        }
        Instant waitingSince = held.noWorkerSince() != null ? held.noWorkerSince() : now;
        Instant giveUpAt = waitingSince.plus(noWorkerGrace);
        if (now.isBefore(giveUpAt)
                && timer.add(new HeldFire(
                        held.partition(),
                        held.offset(),
                        fire,
                        earliest(now.plus(NO_WORKER_RECHECK), giveUpAt),
                        waitingSince))) {
            progress(held.partition()).hold(held.offset());
            return Optional.empty();
        }
        return Optional.of(List.of(router.noWorker(fire, now)));
    }

    private static Instant earliest(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    private PartitionProgress progress(TopicPartition partition) {
        return partitions.computeIfAbsent(partition, p -> new PartitionProgress(p, null, offsetMetadataMaxChars));
    }

    private Map<TopicPartition, OffsetAndMetadata> offsetsToCommit() {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        partitions.forEach((partition, progress) -> {
            OffsetAndMetadata point = progress.commitPoint();
            if (point != null) {
                offsets.put(partition, point);
            }
        });
        return offsets;
    }
}
