package io.carillon.worker.internal;

import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.offsets.DoneOffsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The consumer thread of the trigger topic. A run is <em>claimed</em> before it is handed to the executor: its claim
 * (a STARTED result without {@code startedAt}, {@link RunReporter#claim}) is written to {@code claims}, with the
 * round's other claims in one record per partition ({@link EventPublisher#claimsNow}), then the trigger's offset is
 * committed (synchronously), and only then may the run start. So whatever this instance started
 * is committed, and a successor never runs it again; whatever it claimed and did not finish is open at the planner,
 * which ends it LOST when this instance's heartbeats stop (and retries it as the job says).
 *
 * <p>Triggers come up to the dispatcher's lead before their {@code dueAt}; they are held here, unclaimed, until
 * {@link #CLAIM_AHEAD} before it, so a crash leaves the fewest runs LOST: the runs held are the successor's to run.
 * A partition's commit is therefore at its first held trigger, and the offsets above it that were claimed (or dealt
 * with at once: a dead letter, a duplicate) travel in its metadata ({@link DoneOffsets}); a successor skips them.
 * When the executor has no room for a claimed run, claimed runs wait here in order and every partition is paused
 * (nothing is dropped); so does polling when more than {@code maxHeld} triggers are held.
 *
 * <p>When partitions are revoked, their held triggers are left to the next owner (from the commit) and their claimed
 * runs still run here. When they are lost (the group session expired), the planner ends this instance's runs LOST,
 * and so does this instance: it ends every run it holds LOST, interrupting the handlers, and drops the claimed runs of
 * those partitions ({@link #onPartitionsLost}). When the worker shuts down ({@link #drain()}), the claimed runs the executor did not take are
 * handed back: the commit goes back to them, so the next owner runs them ({@link #handBackClaimed()}). {@link #run()} owns the consumer; {@link #drain()} and {@link #stop()} may be called from any
 * thread.
 */
final class TriggerLoop implements Runnable, ConsumerRebalanceListener {

    private static final Logger log = LoggerFactory.getLogger(TriggerLoop.class);
    static final Duration POLL_TIMEOUT = Duration.ofMillis(100);
    /**
     * How long before its {@code dueAt} a held run is claimed: enough for the claim's two round trips to the broker
     * on a loaded machine, little enough that a crash leaves few claimed runs that never started.
     */
    static final Duration CLAIM_AHEAD = Duration.ofMillis(300);
    /** The longest the loop waits for claims to be written before it tries them again. */
    static final Duration CLAIM_TIMEOUT = Duration.ofSeconds(5);

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);
    private static final Comparator<HeldRun> DUE_ORDER =
            Comparator.comparing(HeldRun::dueAt).thenComparingLong(HeldRun::offset);

    private final Consumer<byte[], byte[]> consumer;
    private final String topic;
    private final TriggerIntake intake;
    private final RunExecutor runs;
    private final RunReporter reporter;
    private final EventPublisher publisher;
    private final Heartbeats heartbeats;
    private final Clock clock;
    private final int maxHeld;
    /** Runs not claimed yet, earliest due first. */
    private final PriorityQueue<HeldRun> held = new PriorityQueue<>(DUE_ORDER);
    /** Claimed runs the executor had no room for yet, in claim order. */
    private final Deque<HeldRun> claimed = new ArrayDeque<>();
    /** Per partition, what was polled and which records hold runs of {@link #held}: the commits. */
    private final TriggerPositions positions;
    /** Per partition assigned, the offsets above the committed one that the previous owner claimed: not run here. */
    private final Map<TopicPartition, DoneOffsets> claimedBefore = new HashMap<>();

    private volatile boolean draining;
    private volatile boolean stopping;

    TriggerLoop(
            Consumer<byte[], byte[]> consumer,
            String topic,
            TriggerIntake intake,
            RunExecutor runs,
            RunReporter reporter,
            EventPublisher publisher,
            Heartbeats heartbeats,
            Clock clock,
            int maxHeld) {
        this.consumer = consumer;
        this.topic = topic;
        this.intake = intake;
        this.runs = runs;
        this.reporter = reporter;
        this.publisher = publisher;
        this.heartbeats = heartbeats;
        this.clock = clock;
        this.maxHeld = maxHeld;
        this.positions = new TriggerPositions(consumer);
    }

    @Override
    public void run() {
        consumer.subscribe(List.of(topic), this);
        try {
            while (!stopping) {
                pollOnce();
            }
            positions.commitQuietly(positions.owned());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            consumer.close(CloseOptions.timeout(CLOSE_TIMEOUT)
                    .withGroupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP));
        }
    }

    /** Takes no more triggers; the consumer stays in the group, all partitions paused, until {@link #stop()}. */
    void drain() {
        draining = true;
    }

    /** Commits what was taken and leaves the group; the loop ends within one poll timeout. */
    void stop() {
        stopping = true;
    }

    private void pollOnce() throws InterruptedException {
        if (draining) {
            handBackClaimed();
            consumer.pause(consumer.assignment());
            consumer.poll(POLL_TIMEOUT);
            return;
        }
        if (claimed.isEmpty() && held.size() < maxHeld) {
            consumer.resume(consumer.paused());
            consumer.poll(pollTimeout()).forEach(this::hold);
        } else {
            if (!claimed.isEmpty()) {
                runs.awaitRoom(POLL_TIMEOUT);
            }
            consumer.poll(claimed.isEmpty() ? pollTimeout() : Duration.ZERO).forEach(this::hold);
        }
        claimDue();
        offerClaimed();
        if (!claimed.isEmpty() || held.size() >= maxHeld) {
            consumer.pause(consumer.assignment());
        }
        positions.commitAsync();
    }

    /** Holds the runs of {@code record} until they are claimed; a record dealt with at once only moves the commit. */
    private void hold(ConsumerRecord<byte[], byte[]> record) {
        TopicPartition partition = new TopicPartition(record.topic(), record.partition());
        positions.polled(partition, record.offset());
        if (claimedBefore(partition, record.offset())) {
            return;
        }
        for (Trigger trigger : intake.toRun(record)) {
            held.add(new HeldRun(partition, record.offset(), trigger, dueOf(trigger), 0));
            positions.hold(partition, record.offset());
        }
    }

    private Instant dueOf(Trigger trigger) {
        return trigger.dueAt() != null ? trigger.dueAt() : Instant.MIN;
    }

    /**
     * Claims the held runs due within {@link #CLAIM_AHEAD}: writes their claims, then commits past them. When either
     * fails they stay held and are tried again after the next poll.
     */
    private void claimDue() {
        Instant claimBy = clock.instant().plus(CLAIM_AHEAD);
        List<HeldRun> due = new ArrayList<>();
        Set<TopicPartition> partitions = new HashSet<>();
        while (!held.isEmpty() && !held.peek().dueAt().isAfter(claimBy)) {
            HeldRun run = held.poll();
            positions.release(run.partition(), run.offset());
            partitions.add(run.partition());
            if (!intake.killedBefore(run.trigger())) {
                due.add(run);
            }
        }
        if (due.isEmpty()) {
            positions.toCommit(partitions);
            return;
        }
        List<RunResult> claims =
                due.stream().map(run -> reporter.claim(run.trigger())).toList();
        try {
            publisher.claimsNow(claims, reporter.instanceId(), clock.instant(), CLAIM_TIMEOUT);
            positions.commitNow(partitions);
            claimed.addAll(HeldRun.claimedTogether(due));
        } catch (KafkaException e) {
            log.warn("could not claim {} runs, trying again after the next poll: {}", due.size(), e.toString());
            due.forEach(run -> {
                held.add(run);
                positions.hold(run.partition(), run.offset());
            });
        }
    }

    /**
     * Gives the claimed runs the executor never took (it had no room, or it stopped taking runs for the shutdown)
     * back to the partitions' next owner: they become held again, so the commit goes back to the first of them (the
     * runs claimed and taken above it listed in its metadata), and that commit is written at once. The next owner
     * runs them as their first attempt, its claim replacing this instance's at the planner; without this they would
     * sit claimed until the planner's grace for a departed worker ends them LOST. When the commit fails, the loop's
     * last commit at {@link #stop()} writes it again; should that fail too, the planner ends them LOST after its grace
     * and retries them as their jobs say. A record is handed back whole or not at all: the claimed runs of a batch
     * record some of whose runs the executor took, and those of partitions revoked earlier, are ended LOST
     * ({@link #endClaimedNotHandedBack()}).
     */
    private void handBackClaimed() {
        if (claimed.isEmpty()) {
            return;
        }
        List<HeldRun> handedBack = HeldRun.wholeRecords(
                claimed.stream().filter(run -> positions.owns(run.partition())).toList());
        claimed.removeAll(handedBack);
        endClaimedNotHandedBack();
        if (handedBack.isEmpty()) {
            return;
        }
        Set<TopicPartition> partitions = new HashSet<>();
        handedBack.forEach(run -> {
            positions.hold(run.partition(), run.offset());
            partitions.add(run.partition());
        });
        try {
            positions.commitNow(partitions);
            log.info(
                    "{} claimed runs not started here are handed back to the next owner of partitions {}",
                    handedBack.size(),
                    partitions);
        } catch (KafkaException e) {
            log.warn(
                    "could not hand back {} claimed runs yet (the last commit tries again): {}",
                    handedBack.size(),
                    e.toString());
        }
    }

    /**
     * Ends LOST, at once, the claimed runs that cannot be handed back: those of partitions revoked before the shutdown
     * (the next owner's commit already lists them as claimed here), and those of a batch record the executor took
     * other runs of (handing the record back would run those twice). The planner retries them as their jobs say
     * instead of after its grace for a departed worker.
     */
    private void endClaimedNotHandedBack() {
        List<HeldRun> left = List.copyOf(claimed);
        claimed.clear();
        left.forEach(run -> reporter.finished(
                run.trigger(),
                RunStatus.LOST,
                null,
                "instance " + reporter.instanceId() + " shut down before the run started, and its trigger "
                        + (positions.owns(run.partition())
                                ? "record carried runs that started here"
                                : "partition " + run.partition() + " had moved to another instance"),
                null));
    }

    /** Hands the claimed runs to the executor in claim order, up to the first it has no room for. */
    private void offerClaimed() {
        while (!claimed.isEmpty()) {
            HeldRun run = claimed.peekFirst();
            if (!intake.offer(run.trigger(), run.partition().partition())) {
                return;
            }
            claimed.removeFirst();
        }
    }

    /** Whether the previous owner of {@code partition} listed {@code offset} as claimed in its commit. */
    private boolean claimedBefore(TopicPartition partition, long offset) {
        DoneOffsets previous = claimedBefore.get(partition);
        if (previous == null) {
            return false;
        }
        if (offset >= previous.last()) {
            claimedBefore.remove(partition);
        }
        return previous.contains(offset);
    }

    /** Until {@link #CLAIM_AHEAD} before the earliest held run is due, at most a poll. */
    private Duration pollTimeout() {
        if (held.isEmpty()) {
            return POLL_TIMEOUT;
        }
        Duration untilClaim =
                Duration.between(clock.instant(), held.peek().dueAt().minus(CLAIM_AHEAD));
        if (untilClaim.isNegative()) {
            return Duration.ZERO;
        }
        return untilClaim.compareTo(POLL_TIMEOUT) < 0 ? untilClaim : POLL_TIMEOUT;
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
        log.info("trigger partitions assigned: {}", partitions);
        if (!partitions.isEmpty()) {
            consumer.committed(Set.copyOf(partitions)).forEach((partition, committed) -> {
                DoneOffsets previous = committed == null
                        ? DoneOffsets.NONE
                        : DoneOffsets.decode(committed.offset(), committed.metadata());
                if (!previous.isEmpty()) {
                    claimedBefore.put(partition, previous);
                }
            });
        }
        heartbeats.assigned(partitions);
    }

    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        log.info("trigger partitions revoked: {}", partitions);
        positions.commitQuietly(partitions);
        forget(partitions);
        heartbeats.revoked(partitions);
    }

    /**
     * The group session expired (the instance was cut off or frozen past it): the partitions are another member's
     * already, and the planner, which has missed this instance's heartbeats for longer (their time to live is shorter
     * than the session), ends the runs claimed here LOST and retries them. So this instance gives them up too: the
     * claimed runs not taken yet are reported LOST and dropped, and every run in the executor is ended LOST, its
     * handler interrupted, so a zombie stops instead of running alongside the retry. A second LOST for a run the
     * planner already ended LOST changes nothing (its retry is issued once).
     */
    @Override
    public void onPartitionsLost(Collection<TopicPartition> partitions) {
        log.warn("trigger partitions lost: {}", partitions);
        String reason = "instance " + reporter.instanceId() + " lost its trigger partitions " + partitions
                + " (its group session expired): its claim on the run is void";
        List<HeldRun> given = claimed.stream()
                .filter(run -> partitions.contains(run.partition()))
                .toList();
        claimed.removeAll(given);
        given.forEach(
                run -> reporter.finished(run.trigger(), RunStatus.LOST, null, reason + "; it never started", null));
        int ended = runs.abandonAll(reason);
        if (!given.isEmpty() || ended > 0) {
            log.warn(
                    "{} claimed runs not started and {} runs in the executor ended LOST: {}",
                    given.size(),
                    ended,
                    reason);
        }
        forget(partitions);
        heartbeats.revoked(partitions);
    }

    /** Held runs of partitions we no longer own are left to their new owner; claimed ones still run here. */
    private void forget(Collection<TopicPartition> partitions) {
        held.removeIf(run -> partitions.contains(run.partition()));
        positions.forget(partitions);
        claimedBefore.keySet().removeAll(partitions);
    }
}
