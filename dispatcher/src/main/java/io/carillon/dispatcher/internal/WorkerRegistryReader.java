package io.carillon.dispatcher.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Feeds the {@link WorkerRegistry} from every partition of the {@code workers} topic, read from the beginning
 * without a consumer group. When the dispatcher's thread was held up for more than {@link #MAX_STALENESS} between two
 * reads (a rebalance of the fires group blocks its poll for up to the session timeout), the next read goes on to the
 * end offsets of now before routing: otherwise the heartbeats sent meanwhile are not read yet, every instance looks
 * expired, and the fires held back during the stall are all answered NO_WORKER. Used from the dispatcher's thread
 * only.
 */
public final class WorkerRegistryReader {

    private static final Logger log = LoggerFactory.getLogger(WorkerRegistryReader.class);
    private static final Duration CATCH_UP_POLL = Duration.ofMillis(100);
    private static final int MAX_CATCH_UP_POLLS = 100;
    /** A gap between two reads longer than this makes the next read go on to the end offsets. */
    static final Duration MAX_STALENESS = Duration.ofSeconds(1);

    private final Consumer<String, byte[]> consumer;
    private final WorkerRegistry registry;
    private final DeadLetters deadLetters;
    private final StatsRecorder stats;
    private Instant lastReadAt;

    public WorkerRegistryReader(
            Consumer<String, byte[]> consumer, WorkerRegistry registry, DeadLetters deadLetters, StatsRecorder stats) {
        this.consumer = consumer;
        this.registry = registry;
        this.deadLetters = deadLetters;
        this.stats = stats;
    }

    /**
     * Assigns every partition of {@code topic} from the beginning and reads up to the end offsets of now, so that
     * routing starts with the full registry. Returns dead letters for bad heartbeat records.
     */
    public List<ProducerRecord<String, Object>> catchUp(String topic, Instant now) {
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                .map(info -> new TopicPartition(info.topic(), info.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        return readToEnd(now, false);
    }

    /**
     * Applies what arrived since the last call: without waiting, or, when the last read is more than
     * {@link #MAX_STALENESS} before {@code now}, up to the end offsets of now. Returns dead letters for bad records.
     */
    public List<ProducerRecord<String, Object>> poll(Instant now) {
        if (lastReadAt != null && Duration.between(lastReadAt, now).compareTo(MAX_STALENESS) > 0) {
            return readToEnd(now, true);
        }
        lastReadAt = now;
        return apply(consumer.poll(Duration.ZERO), now, true);
    }

    private List<ProducerRecord<String, Object>> readToEnd(Instant now, boolean live) {
        Map<TopicPartition, Long> ends = consumer.endOffsets(consumer.assignment());
        List<ProducerRecord<String, Object>> out = new ArrayList<>();
        for (int attempt = 0; attempt < MAX_CATCH_UP_POLLS && !reached(ends); attempt++) {
            out.addAll(apply(consumer.poll(CATCH_UP_POLL), now, live));
        }
        if (!reached(ends)) {
            log.warn(
                    "the worker registry did not catch up with the heartbeats; routing goes on with {} known "
                            + "instances",
                    registry.size());
        }
        lastReadAt = now;
        return out;
    }

    private boolean reached(Map<TopicPartition, Long> ends) {
        return ends.entrySet().stream().allMatch(end -> consumer.position(end.getKey()) >= end.getValue());
    }

    private List<ProducerRecord<String, Object>> apply(
            Iterable<ConsumerRecord<String, byte[]>> records, Instant now, boolean live) {
        List<ProducerRecord<String, Object>> out = new ArrayList<>();
        boolean any = false;
        for (ConsumerRecord<String, byte[]> record : records) {
            any = true;
            String problem = applyOne(record, now, live);
            if (problem != null) {
                log.warn(
                        "heartbeat record {}-{}@{} sent to the dlq: {}",
                        record.topic(),
                        record.partition(),
                        record.offset(),
                        problem);
                stats.deadLetter(record.topic());
                out.add(deadLetters.of(record, problem, now));
            }
        }
        if (any) {
            stats.workersOutOfStep(registry.outOfStep());
        }
        return out;
    }

    private String applyOne(ConsumerRecord<String, byte[]> record, Instant now, boolean live) {
        if (record.key() == null) {
            return "missing key: a heartbeat is keyed by its instance id";
        }
        if (record.value() == null) {
            registry.remove(record.key());
            return null;
        }
        WorkerHeartbeat heartbeat;
        try {
            heartbeat = EventSerdes.HEARTBEAT.deserialize(record.topic(), record.value());
        } catch (InvalidEventException e) {
            return e.getMessage();
        }
        if (heartbeat.app() == null) {
            return "field 'app' is missing";
        }
        if (heartbeat.sentAt() == null) {
            return "field 'sentAt' is missing";
        }
        if (live) {
            registry.updateLive(record.key(), heartbeat, now);
        } else {
            registry.update(record.key(), heartbeat, heartbeat.sentAt().isBefore(now) ? heartbeat.sentAt() : now);
        }
        return null;
    }
}
