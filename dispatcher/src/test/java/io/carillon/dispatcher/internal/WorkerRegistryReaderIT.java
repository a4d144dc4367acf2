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
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
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
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(
                        Map.of(
                                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                                TestKafka.bootstrapServers(),
                                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                                "read_committed",
                                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                                false),
                        new StringDeserializer(),
                        new ByteArrayDeserializer());
                KafkaProducer<String, byte[]> producer = new KafkaProducer<>(
                        Map.of(
                                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                                TestKafka.bootstrapServers(),
                                ProducerConfig.ACKS_CONFIG,
                                "all"),
                        new StringSerializer(),
                        new ByteArraySerializer())) {
            WorkerRegistryReader reader =
                    new WorkerRegistryReader(consumer, registry, new DeadLetters(catalog), new StatsRecorder());
            reader.catchUp(catalog.workers(), T0);
            assertThat(registry.size()).isZero();

            Instant resumed = T0.plus(STALL);
            WorkerHeartbeat beat = new WorkerHeartbeat(
                    WorkerHeartbeat.SCHEMA_VERSION,
                    "w1",
                    "demo",
                    List.of("noop"),
                    4,
                    0,
                    List.of(0),
                    INTERVAL_MS,
                    T0,
                    resumed.minusMillis(INTERVAL_MS));
            producer.send(new ProducerRecord<>(
                    catalog.workers(), "w1", EventSerdes.HEARTBEAT.serialize(catalog.workers(), beat)));
            producer.flush();

            reader.poll(resumed);

            assertThat(registry.live("demo", "noop", List.of(), resumed))
                    .extracting(WorkerHeartbeat::instanceId)
                    .containsExactly("w1");
        }
    }
}
