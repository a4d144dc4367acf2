package io.carillon.bench.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.WorkflowEvent;
import io.carillon.topics.events.WorkflowEventType;
import io.carillon.topics.events.WorkflowInstanceStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * Reads {@code workflow.events} from its end at {@link #start} on a thread of its own (read_committed) and keeps,
 * per instance, when it started and how and when it ended. Start it before the workflows are created; close it from
 * the thread that started it. The readers may run on any thread.
 */
final class WorkflowEventsWatch implements AutoCloseable {

    private static final Duration POLL = Duration.ofMillis(50);
    private static final long STOP_TIMEOUT_S = 10;

    /** One instance as its events told it: {@code endedAt} and {@code status} are null until it ends. */
    record Instance(Instant startedAt, Instant endedAt, WorkflowInstanceStatus status) {}

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Map<String, Instance> instances = new ConcurrentHashMap<>();
    private final Thread thread;
    private volatile boolean running = true;

    private WorkflowEventsWatch(KafkaConsumer<byte[], byte[]> consumer) {
        this.consumer = consumer;
        this.thread = new Thread(this::poll, "bench-workflow-events-watch");
        this.thread.setDaemon(true);
    }

    static WorkflowEventsWatch start(Map<String, Object> clientConfig, TopicCatalog catalog) {
        WorkflowEventsWatch watch = new WorkflowEventsWatch(FirstFire.fromEnd(clientConfig, catalog.workflowEvents()));
        watch.thread.start();
        return watch;
    }

    private void poll() {
        try {
            while (running) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
                    if (record.value() != null) {
                        add(EventSerdes.WORKFLOW_EVENT.deserializer().deserialize(record.topic(), record.value()));
                    }
                }
            }
        } finally {
            consumer.close();
        }
    }

    private void add(WorkflowEvent event) {
        if (event.type() == WorkflowEventType.INSTANCE_STARTED) {
            instances.merge(
                    event.instanceId(),
                    new Instance(event.startedAt(), null, null),
                    (seen, started) -> new Instance(started.startedAt(), seen.endedAt(), seen.status()));
        } else if (event.type() == WorkflowEventType.INSTANCE_ENDED) {
            instances.merge(
                    event.instanceId(),
                    new Instance(event.startedAt(), event.endedAt(), event.status()),
                    (seen, ended) -> new Instance(seen.startedAt(), ended.endedAt(), ended.status()));
        }
    }

    /** How many instances have ended so far. */
    long ended() {
        return instances.values().stream()
                .filter(instance -> instance.status() != null)
                .count();
    }

    /** The instances seen so far. */
    List<Instance> instances() {
        return List.copyOf(instances.values());
    }

    @Override
    public void close() {
        running = false;
        try {
            thread.join(TimeUnit.SECONDS.toMillis(STOP_TIMEOUT_S));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
