package io.carillon.console.internal.kafka;

import io.carillon.topics.InvalidEventException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataIntegrityViolationException;

/**
 * One poll's records as a materializer stores them: each parsed once, those that are not valid events sent to the
 * dlq with the reason; then all stored at once, or one by one when the database refuses the batch, each refused one
 * sent to the dlq. Used by one listener thread.
 *
 * @param <T> the event type
 */
public final class ParsedRecords<T> {

    private static final Logger log = LoggerFactory.getLogger(ParsedRecords.class);

    private final List<Parsed<T>> parsed = new ArrayList<>();
    private final List<CompletableFuture<RecordMetadata>> letters = new ArrayList<>();
    private final DeadLetters deadLetters;

    private ParsedRecords(DeadLetters deadLetters) {
        this.deadLetters = deadLetters;
    }

    /** Parses {@code records} with {@code parser}; what it refuses ({@link InvalidEventException}) goes to the dlq. */
    public static <T> ParsedRecords<T> parse(
            List<ConsumerRecord<String, byte[]>> records,
            Function<ConsumerRecord<String, byte[]>, T> parser,
            DeadLetters deadLetters) {
        ParsedRecords<T> batch = new ParsedRecords<>(deadLetters);
        for (ConsumerRecord<String, byte[]> record : records) {
            try {
                batch.parsed.add(new Parsed<>(record, parser.apply(record)));
            } catch (InvalidEventException e) {
                log.warn(
                        "dead-lettering {}-{}@{}: {}",
                        record.topic(),
                        record.partition(),
                        record.offset(),
                        e.getMessage());
                batch.letters.add(deadLetters.send(record, e.getMessage()));
            }
        }
        return batch;
    }

    /**
     * Stores the parsed events with {@code store} (one transaction); when the database refuses them, stores each
     * alone and dead-letters each refused one with {@code refusal} and the database's message.
     */
    public void store(Consumer<List<T>> store, String refusal) {
        if (parsed.isEmpty()) {
            return;
        }
        try {
            store.accept(parsed.stream().map(Parsed::event).toList());
        } catch (DataIntegrityViolationException batchRefused) {
            for (Parsed<T> one : parsed) {
                try {
                    store.accept(List.of(one.event()));
                } catch (DataIntegrityViolationException e) {
                    letters.add(deadLetters.send(
                            one.record(),
                            refusal + ": " + e.getMostSpecificCause().getMessage()));
                }
            }
        }
    }

    /** Waits until every dead letter of this batch is acknowledged. */
    public void awaitDeadLetters(ConsoleProducer producer) {
        producer.awaitAll(letters);
    }

    private record Parsed<T>(ConsumerRecord<String, byte[]> record, T event) {}
}
