package io.carillon.console.internal.kafka;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.metrics.DeadLetterMeter;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/** Writes records the console cannot process to the {@code dlq} topic, with the reason. Thread-safe. */
public final class DeadLetters {

    /** The {@link DeadLetter#component()} of the console's dead letters. */
    public static final String COMPONENT = "console";

    private final ConsoleProducer producer;
    private final TopicCatalog catalog;
    private final Clock clock;
    private final DeadLetterMeter meter;

    public DeadLetters(ConsoleProducer producer, TopicCatalog catalog, Clock clock) {
        this(producer, catalog, clock, new DeadLetterMeter(new CompositeMeterRegistry()));
    }

    /** Dead letters that are counted in {@code meter} as they are sent. */
    public DeadLetters(ConsoleProducer producer, TopicCatalog catalog, Clock clock, DeadLetterMeter meter) {
        this.producer = producer;
        this.catalog = catalog;
        this.clock = clock;
        this.meter = meter;
    }

    /** Sends {@code record} to the dlq (key: the record's key); the future completes when it is acknowledged. */
    public CompletableFuture<RecordMetadata> send(ConsumerRecord<String, byte[]> record, String reason) {
        DeadLetter letter = DeadLetter.of(
                record.topic(),
                record.partition(),
                record.offset(),
                record.key(),
                record.value(),
                reason,
                COMPONENT,
                clock.instant());
        meter.record(letter);
        return producer.send(catalog.dlq(), record.key(), EventSerdes.DEAD_LETTER.serialize(catalog.dlq(), letter));
    }
}
