package io.carillon.console.internal.workers;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.WorkerHeartbeat;
import io.carillon.topics.spring.CarillonTopics;
import io.carillon.topics.workers.ClockOffsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Feeds the {@link WorkerRegistry} from every partition of the {@code workers} topic, read from the beginning without
 * a consumer group (each console instance keeps the whole registry, as each dispatcher does). One thread of its own
 * polls every {@link #POLL_INTERVAL}; a tombstone removes its instance. A record that is not a heartbeat is logged and
 * skipped (the dispatchers send it to the dlq). A heartbeat counts as received when it is read, by the console's
 * clock, and gives a sample of its instance's clock offset ({@link ClockOffsets}); one written before the console
 * started counts as received when it was sent, or now if that is earlier. Failed polls are logged and counted, and the next poll goes on.
 */
@Component
public class WorkerRegistryReader implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WorkerRegistryReader.class);
    /** Pause between two polls, and the longest a poll waits: a heartbeat shows within about twice this. */
    static final Duration POLL_INTERVAL = Duration.ofMillis(100);
    /** How long stopping waits for the reader thread to close its consumer. */
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final CarillonTopics topics;
    private final WorkerRegistry registry;
    private final Clock clock;
    private final AtomicLong failedPolls = new AtomicLong();
    private final ClockOffsets clockOffsets = new ClockOffsets();
    /** The end offsets when reading started: heartbeats before them were sent before the console started. */
    private Map<TopicPartition, Long> startEnds = Map.of();

    private ScheduledExecutorService thread;
    private Consumer<String, byte[]> consumer;

    public WorkerRegistryReader(CarillonTopics topics, WorkerRegistry registry, Clock clock) {
        this.topics = topics;
        this.registry = registry;
        this.clock = clock;
    }

    /** The polls that failed since the start; each was logged. */
    public long failedPolls() {
        return failedPolls.get();
    }

    @Override
    public synchronized void start() {
        if (thread != null) {
            return;
        }
        Map<String, Object> config = new HashMap<>(topics.clientConfig());
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, "carillon-console-workers");
        consumer = new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer());
        thread = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread worker = new Thread(runnable, "carillon-console-workers");
            worker.setDaemon(true);
            return worker;
        });
        thread.scheduleWithFixedDelay(this::poll, 0, POLL_INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void assign() {
        String topic = topics.catalog().workers();
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                .map(info -> new TopicPartition(info.topic(), info.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        startEnds = consumer.endOffsets(partitions);
    }

    private void poll() {
        try {
            if (consumer.assignment().isEmpty()) {
                assign();
            }
            for (ConsumerRecord<String, byte[]> record : consumer.poll(POLL_INTERVAL)) {
                apply(record);
            }
        } catch (KafkaException e) {
            failedPolls.incrementAndGet();
            log.warn("reading the workers topic failed; the next poll tries again: {}", e.toString());
        }
    }

    private void received(ConsumerRecord<String, byte[]> record, WorkerHeartbeat heartbeat) {
        Instant now = clock.instant();
        TopicPartition partition = new TopicPartition(record.topic(), record.partition());
        if (record.offset() >= startEnds.getOrDefault(partition, 0L)) {
            long offset = clockOffsets.sample(
                    record.key(), Duration.between(now, heartbeat.sentAt()).toMillis());
            registry.update(record.key(), heartbeat, now, offset);
        } else {
            Instant receivedAt = heartbeat.sentAt().isBefore(now) ? heartbeat.sentAt() : now;
            registry.update(record.key(), heartbeat, receivedAt, clockOffsets.offsetMillis(record.key()));
        }
    }

    private void apply(ConsumerRecord<String, byte[]> record) {
        if (record.key() == null) {
            log.warn(
                    "heartbeat record {}-{}@{} skipped: it has no key",
                    record.topic(),
                    record.partition(),
                    record.offset());
            return;
        }
        if (record.value() == null) {
            registry.remove(record.key());
            clockOffsets.remove(record.key());
            return;
        }
        try {
            WorkerHeartbeat heartbeat = EventSerdes.HEARTBEAT.deserialize(record.topic(), record.value());
            if (heartbeat.app() == null || heartbeat.sentAt() == null) {
                throw new InvalidEventException("fields 'app' and 'sentAt' are required");
            }
            received(record, heartbeat);
        } catch (InvalidEventException e) {
            log.warn(
                    "heartbeat record {}-{}@{} skipped: {}",
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    e.getMessage());
        }
    }

    @Override
    public synchronized void stop() {
        if (thread == null) {
            return;
        }
        thread.execute(consumer::close);
        thread.shutdown();
        try {
            if (!thread.awaitTermination(CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("the workers topic reader did not stop within {}", CLOSE_TIMEOUT);
                thread.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        thread = null;
        consumer = null;
    }

    @Override
    public synchronized boolean isRunning() {
        return thread != null;
    }
}
