package io.carillon.console.internal.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.DeadLetter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class DeadLettersTest {

    private static final Instant NOW = Instant.parse("2026-02-03T04:05:06Z");

    private final MockProducer<String, byte[]> kafka =
            new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
    private final TopicCatalog catalog = TopicCatalog.defaults();
    private final DeadLetters deadLetters = new DeadLetters(
            new ConsoleProducer(kafka, Duration.ofSeconds(1)), catalog, Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void keepsTheOriginAndReasonOfARecord() {
        deadLetters
                .send(
                        new ConsumerRecord<>(
                                catalog.results(), 4, 17L, "job-a", "{oops".getBytes(StandardCharsets.UTF_8)),
                        "not a valid RunResult")
                .join();

        ProducerRecord<String, byte[]> sent = kafka.history().get(0);
        assertThat(sent.topic()).isEqualTo(catalog.dlq());
        assertThat(sent.key()).isEqualTo("job-a");
        DeadLetter letter = EventSerdes.DEAD_LETTER.deserialize(sent.topic(), sent.value());
        assertThat(letter)
                .isEqualTo(new DeadLetter(
                        DeadLetter.SCHEMA_VERSION,
                        catalog.results(),
                        4,
                        17L,
                        "job-a",
                        "{oops",
                        "not a valid RunResult",
                        "console",
                        NOW));
    }

    @Test
    void encodesBytesThatAreNotUtf8AsBase64() {
        deadLetters
                .send(new ConsumerRecord<>(catalog.results(), 0, 0L, null, new byte[] {(byte) 0xff, 0x00}), "binary")
                .join();

        DeadLetter letter =
                EventSerdes.DEAD_LETTER.deserialize(null, kafka.history().get(0).value());
        assertThat(letter.value()).isEqualTo("/wA=");
        assertThat(letter.key()).isNull();
    }
}
