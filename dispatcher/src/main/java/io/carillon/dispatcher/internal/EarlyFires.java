package io.carillon.dispatcher.internal;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.ControlCommand;
import io.carillon.topics.events.ControlType;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.Trigger;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * The fires this dispatcher sent before their due instant (within its trigger lead), until that instant. A CANCEL
 * (a PAUSE, a delete, a schedule change) can no longer withdraw such a fire from the timer, so it becomes a KILL on
 * {@code control} for each of the fire's runs: the worker holding the run (or taking its trigger later) ends it KILLED
 * before it starts, with a reason naming the cancel. A cancel at or after the due instant changes nothing, as before:
 * the run has started, and killing it is the console's.
 *
 * <p>Only the dispatcher that sent a fire knows it: after a restart, or when its {@code fires} partition moves to
 * another instance, a cancel of a fire sent earlier by this instance changes nothing. Entries live no longer than the
 * trigger lead, so there are at most as many as fires due within one lead. Not thread-safe: the dispatcher's thread
 * only.
 */
public final class EarlyFires {

    /** How the KILL commands name their sender. */
    static final String REQUESTER = "the dispatcher";
    /** Prefix of a KILL command's id; the run id follows, so a command sent twice has one id. */
    static final String COMMAND_ID_PREFIX = "cancel-";

    private record Sent(TopicPartition partition, String fireId, Instant dueAt, List<Trigger> triggers) {}

    private final TopicCatalog catalog;
    private final Map<String, Sent> byFireId = new HashMap<>();
    private final PriorityQueue<Sent> byDueAt = new PriorityQueue<>(Comparator.comparing(Sent::dueAt));

    public EarlyFires(TopicCatalog catalog) {
        this.catalog = catalog;
    }

    /** {@code fire}, read from {@code partition}, was dispatched at {@code now} as {@code records}. */
    void dispatched(
            TopicPartition partition, FireEvent fire, List<ProducerRecord<String, Object>> records, Instant now) {
        if (!fire.dueAt().isAfter(now)) {
            return;
        }
        List<Trigger> triggers = records.stream()
                .map(ProducerRecord::value)
                .filter(Trigger.class::isInstance)
                .map(Trigger.class::cast)
                .toList();
        if (triggers.isEmpty()) {
            return;
        }
        Sent sent = new Sent(partition, fire.fireId(), fire.dueAt(), triggers);
        byFireId.put(fire.fireId(), sent);
        byDueAt.add(sent);
    }

    /**
     * The KILL commands for the runs of {@code fireId} when it was sent early and is not due yet at {@code now};
     * otherwise none. The fire is forgotten either way.
     */
    List<ProducerRecord<String, Object>> cancelled(String fireId, Instant now) {
        forgetDue(now);
        Sent sent = byFireId.remove(fireId);
        if (sent == null) {
            return List.of();
        }
        String requester = REQUESTER + ": fire " + fireId + " was cancelled (paused, deleted or rescheduled)"
                + " after it was sent ahead of its due instant " + sent.dueAt();
        return sent.triggers().stream()
                .<ProducerRecord<String, Object>>map(trigger -> new ProducerRecord<>(
                        catalog.control(),
                        trigger.runId(),
                        new ControlCommand(
                                ControlCommand.SCHEMA_VERSION,
                                COMMAND_ID_PREFIX + trigger.runId(),
                                ControlType.KILL,
                                trigger.runId(),
                                trigger.jobId(),
                                trigger.app(),
                                trigger.targetInstance(),
                                requester,
                                now)))
                .toList();
    }

    /** Forgets the fires due by {@code now}: their runs have started, or start now. */
    void forgetDue(Instant now) {
        while (!byDueAt.isEmpty() && !byDueAt.peek().dueAt().isAfter(now)) {
            Sent due = byDueAt.poll();
            byFireId.remove(due.fireId(), due);
        }
    }

    /** Forgets the fires read from {@code partitions}, which this dispatcher no longer reads. */
    void revoked(Collection<TopicPartition> partitions) {
        Set<TopicPartition> gone = new HashSet<>(partitions);
        byFireId.values().removeIf(sent -> gone.contains(sent.partition()));
        byDueAt.removeIf(sent -> gone.contains(sent.partition()));
    }

    /** How many fires sent early are not due yet (as of the last call). */
    public int size() {
        return byFireId.size();
    }
}
