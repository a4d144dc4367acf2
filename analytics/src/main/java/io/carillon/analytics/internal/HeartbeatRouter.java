package io.carillon.analytics.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Clock;
import java.time.Instant;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Hands each heartbeat from {@code workers} (key: instance id) to its app's processor as an
 * {@link AppMessage.Heartbeat} (key: app) that expires three heartbeat intervals after this app received it, by its
 * own clock: the worker's {@code sentAt} is not trusted, so a worker whose clock is ahead does not stay alive longer
 * and one whose clock is behind does not die sooner. A tombstone (a clean shutdown) names no app and is passed over:
 * the worker's last heartbeat expires on its own. An unreadable heartbeat, or one without an app or send time, goes to
 * {@code dlq}. One instance per stream task, on its stream thread.
 */
public final class HeartbeatRouter implements Processor<String, byte[], String, Emitted> {

    private final Clock clock;
    private Output output;

    public HeartbeatRouter(Clock clock) {
        this.clock = clock;
    }

    @Override
    public void init(ProcessorContext<String, Emitted> context) {
        output = new Output(context, clock);
    }

    @Override
    public void process(Record<String, byte[]> record) {
        if (record.value() == null) {
            return;
        }
        WorkerHeartbeat heartbeat;
        try {
            heartbeat = EventSerdes.HEARTBEAT.deserialize(null, record.value());
        } catch (InvalidEventException e) {
            output.deadLetter(record.key(), record.value(), e.getMessage());
            return;
        }
        if (!TopicCatalog.isValidAppName(heartbeat.app())
                || heartbeat.sentAt() == null
                || heartbeat.instanceId() == null) {
            output.deadLetter(
                    record.key(),
                    record.value(),
                    "not a usable heartbeat: a valid app, instanceId and sentAt are required");
            return;
        }
        Instant expiresAt = heartbeat.asReceived(record.key(), clock.instant()).expiresAt();
        output.toApp(heartbeat.app(), new AppMessage.Heartbeat(heartbeat.instanceId(), expiresAt).encode());
    }
}
