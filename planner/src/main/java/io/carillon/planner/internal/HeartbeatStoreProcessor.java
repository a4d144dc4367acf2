package io.carillon.planner.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Clock;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the latest heartbeat per worker instance in the global store {@link PlannerStores#WORKERS}, fed by the
 * compacted {@code workers} topic (key instance id): a heartbeat replaces the previous one, stored with the instant
 * this planner received it by its own clock ({@link WorkerHeartbeats#encode}), so that expiry never depends on the
 * worker's clock; a tombstone (clean shutdown) removes it. Kafka Streams also restores the store through this
 * processor, so a heartbeat read at a planner's start counts as received then. A bad record (unparsable, or a key that is not its instance id) is skipped with a log line:
 * a global store's processor cannot forward, so it cannot write to {@code dlq}. Called by the global stream thread
 * only.
 */
public final class HeartbeatStoreProcessor implements Processor<String, byte[], Void, Void> {

    private static final Logger log = LoggerFactory.getLogger(HeartbeatStoreProcessor.class);

    private final Clock clock;
    private KeyValueStore<String, byte[]> store;

    /** A processor that stamps each heartbeat with {@code clock}'s instant when it receives it. */
    public HeartbeatStoreProcessor(Clock clock) {
        this.clock = clock;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        store = context.getStateStore(PlannerStores.WORKERS);
    }

    @Override
    public void process(Record<String, byte[]> record) {
        if (record.key() == null) {
            log.warn("Skipped a workers record without a key");
            return;
        }
        if (record.value() == null) {
            store.delete(record.key());
            return;
        }
        try {
            WorkerHeartbeat heartbeat = EventSerdes.HEARTBEAT.deserialize(PlannerStores.WORKERS, record.value());
            if (!record.key().equals(heartbeat.instanceId()) || heartbeat.sentAt() == null) {
                log.warn(
                        "Skipped the heartbeat of key '{}': instanceId '{}' must match the key and sentAt is required",
                        record.key(),
                        heartbeat.instanceId());
                return;
            }
            store.put(record.key(), WorkerHeartbeats.encode(clock.instant(), record.value()));
        } catch (InvalidEventException e) {
            log.warn("Skipped an unparsable heartbeat of key '{}': {}", record.key(), e.getMessage());
        }
    }
}
