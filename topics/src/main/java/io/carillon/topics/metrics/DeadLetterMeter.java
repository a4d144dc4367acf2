package io.carillon.topics.metrics;

import io.carillon.topics.events.DeadLetter;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counter {@value #DEAD_LETTERS} (tags {@code component}, the part that wrote the dead letter, and {@code topic}, the
 * topic of the record it could not process): the records a part sent to {@code dlq}. The reason itself is free text
 * (it names the field and the problem) and stays on the dead letter; as a tag it would make a series per message.
 * Both tags are bounded: a handful of components, the topics of the catalog and one trigger topic per worker app.
 *
 * <p>Thread-safe; a counter per component and topic, registered at its first dead letter.
 */
public final class DeadLetterMeter {

    /** The name of the counter. */
    public static final String DEAD_LETTERS = "carillon.dead.letters";

    private record Key(String component, String topic) {}

    private final MeterRegistry registry;
    private final Map<Key, Counter> counters = new ConcurrentHashMap<>();

    public DeadLetterMeter(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Counts {@code letter}, written to (or about to be written to) {@code dlq}. */
    public void record(DeadLetter letter) {
        record(letter.component(), letter.sourceTopic());
    }

    /** Counts a record of {@code topic} that {@code component} sent to {@code dlq}. */
    public void record(String component, String topic) {
        Key key = new Key(String.valueOf(component), String.valueOf(topic));
        counters.computeIfAbsent(key, this::register).increment();
    }

    private Counter register(Key key) {
        return Counter.builder(DEAD_LETTERS)
                .tag("component", key.component())
                .tag("topic", key.topic())
                .description("records sent to the dlq topic because they could not be processed")
                .register(registry);
    }
}
