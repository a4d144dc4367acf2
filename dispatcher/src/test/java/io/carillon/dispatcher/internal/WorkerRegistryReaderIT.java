package io.carillon.dispatcher.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.TestKafka;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

/** The registry reader against the real broker, with the instants it is given (no clock of its own). */
class WorkerRegistryReaderIT {

    private static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
    private static final long INTERVAL_MS = 1_000;
    private static final Duration STALL = Duration.ofSeconds(10);

    @Test
    void afterTheDispatcherThreadWasHeldUpTheNextReadHasTheHeartbeatsSentMeanwhileBeforeRouting() {
        TopicCatalog catalog = TestKafka.newCatalog(3);
        WorkerRegistry registry = new WorkerRegistry();
        try (KafkaConsumer<String, byte[]> consumer = consumer();
                KafkaProducer<String, byte[]> producer = producer()) {
            WorkerRegistryReader reader =
                    new WorkerRegistryReader(consumer, registry, new DeadLetters(catalog), new StatsRecorder());
            reader.catchUp(catalog.workers(), T0);
            assertThat(registry.size()).isZero();

            Instant resumed = T0.plus(STALL);
            send(producer, catalog, beat("w1", resumed.minusMillis(INTERVAL_MS)));

            reader.poll(resumed);

            assertThat(registry.live("demo", "noop", List.of(), resumed))
                    .extracting(WorkerHeartbeat::instanceId)
                    .containsExactly("w1");
        }
    }

    @Test
    void atStartUpAHeartbeatCountsAsReceivedWhenItWasSentOrNowWhicheverIsEarlier() {
        TopicCatalog catalog = TestKafka.newCatalog(3);
        WorkerRegistry registry = new WorkerRegistry();
        try (KafkaConsumer<String, byte[]> consumer = consumer();
                KafkaProducer<String, byte[]> producer = producer()) {
            send(producer, catalog, beat("gone", T0.minus(STALL)));
            send(producer, catalog, beat("ahead", T0.plus(STALL)));
            WorkerRegistryReader reader =
                    new WorkerRegistryReader(consumer, registry, new DeadLetters(catalog), new StatsRecorder());

            reader.catchUp(catalog.workers(), T0);

            assertThat(registry.live("demo", "noop", List.of(), T0))
                    .extracting(WorkerHeartbeat::instanceId)
                    .containsExactly("ahead");
            assertThat(registry.live("demo", "noop", List.of(), T0.plusMillis(3 * INTERVAL_MS)))
                    .isEmpty();
        }
    }

    private static WorkerHeartbeat beat(String instanceId, Instant sentAt) {
        return new WorkerHeartbeat(
                WorkerHeartbeat.SCHEMA_VERSION,
                instanceId,
                "demo",
                List.of("noop"),
                4,
                0,
                List.of(0),
                INTERVAL_MS,
                T0,
                sentAt);
    }

    private static void send(KafkaProducer<String, byte[]> producer, TopicCatalog catalog, WorkerHeartbeat beat) {
        producer.send(new ProducerRecord<>(
                catalog.workers(), beat.instanceId(), EventSerdes.HEARTBEAT.serialize(catalog.workers(), beat)));
        producer.flush();
    }

    private static KafkaConsumer<String, byte[]> consumer() {
        return new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        TestKafka.bootstrapServers(),
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false),
                new StringDeserializer(),
                new ByteArrayDeserializer());
    }

    private static KafkaProducer<String, byte[]> producer() {
        return TestKafka.producer(new ByteArraySerializer());
    }
}
