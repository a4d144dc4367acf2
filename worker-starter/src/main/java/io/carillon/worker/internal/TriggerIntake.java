package io.carillon.worker.internal;

import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides what becomes of one trigger record and its runs ({@link #toRun}): a dead letter, a duplicate to skip, a run killed
 * before its trigger came (reported KILLED, never started), or a run, which the loop claims and then offers to the
 * executor ({@link #offer}). A trigger whose
 * {@code targetInstance} names another instance still runs here: the dispatcher chose the partition for that
 * instance, the partition has moved here since (a rebalance), and running it beats leaving it unrun; the target is
 * only logged. Not thread-safe: called by the trigger loop only.
 */
final class TriggerIntake {

    private static final Logger log = LoggerFactory.getLogger(TriggerIntake.class);

    private final RunExecutor runs;
    private final EventPublisher publisher;
    private final Clock clock;
    private final String instanceId;
    private final RunReporter reporter;
    private final RememberedKills remembered;
    private final RecentRunIds recent = new RecentRunIds(RecentRunIds.DEFAULT_LIMIT);

    TriggerIntake(
            RunExecutor runs,
            EventPublisher publisher,
            Clock clock,
            String instanceId,
            RunReporter reporter,
            RememberedKills remembered) {
        this.runs = runs;
        this.reporter = reporter;
        this.remembered = remembered;
        this.publisher = publisher;
        this.clock = clock;
        this.instanceId = instanceId;
    }

    /**
     * The runs of {@code record} to take here, in the record's order; without those dealt with at once: all of a dead
     * letter (unreadable), a duplicate (already ran or runs here), a run killed before its trigger came (reported
     * KILLED, never started).
     */
    List<Trigger> toRun(ConsumerRecord<byte[], byte[]> record) {
        List<Trigger> triggers;
        try {
            triggers = TriggerRecords.parse(record);
        } catch (InvalidEventException e) {
            log.warn(
                    "trigger record {}-{}@{} sent to the dlq: {}",
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    e.getMessage());
            publisher.deadLetter(TriggerRecords.deadLetter(record, e.getMessage(), clock.instant()));
            return List.of();
        }
        List<Trigger> toRun = new ArrayList<>(triggers.size());
        for (Trigger trigger : triggers) {
            if (recent.contains(trigger.runId()) || runs.isRunning(trigger.runId())) {
                log.info(
                        "run {} already ran or runs on this instance: trigger {}-{}@{} skipped",
                        trigger.runId(),
                        record.topic(),
                        record.partition(),
                        record.offset());
            } else if (!killedBefore(trigger)) {
                toRun.add(trigger);
            }
        }
        return toRun;
    }

    /**
     * Whether a kill of the run came before the run was claimed (while its trigger was on its way, or held until its
     * claim): then it is reported KILLED, never started, and not claimed.
     */
    boolean killedBefore(Trigger trigger) {
        Optional<String> killedBefore = remembered.take(trigger.runId());
        if (killedBefore.isEmpty()) {
            return false;
        }
        recent.add(trigger.runId());
        reporter.finished(trigger, RunStatus.KILLED, null, killedBefore.get() + " before its trigger was taken", null);
        log.info("run {} was killed before its trigger was taken: not run", trigger.runId());
        return true;
    }

    /** Offers the run of a claimed trigger to the executor: false, taking nothing, when it has no room for it. */
    boolean offer(Trigger trigger, int partition) {
        if (!runs.offer(trigger)) {
            return false;
        }
        recent.add(trigger.runId());
        remembered.take(trigger.runId()).ifPresent(reason -> runs.kill(trigger.runId(), reason));
        if (trigger.targetInstance() != null && !trigger.targetInstance().equals(instanceId)) {
            log.info(
                    "run {} was meant for instance {}; its partition {} is assigned to {} now, so it runs here",
                    trigger.runId(),
                    trigger.targetInstance(),
                    partition,
                    instanceId);
        }
        return true;
    }
}
