package io.carillon.planner.internal;

import java.util.List;

import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.carillon.topics.CalendarValidator;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.FieldError;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.Calendar;

/**
 * Keeps the latest calendar per id in the global store {@link PlannerStores#CALENDARS}, fed by the compacted
 * {@code calendars} topic (key calendar id): a calendar replaces the previous one, a tombstone removes it. A bad
 * record (unparsable, invalid, or a key that is not its id) is skipped with a log line, and the calendar it would
 * have replaced stays: a global store's processor cannot forward, so it cannot write to {@code dlq}. Called by the
 * global stream thread only.
 */
public final class CalendarStoreProcessor implements Processor<String, byte[], Void, Void> {

    private static final Logger log = LoggerFactory.getLogger(CalendarStoreProcessor.class);

    private final String storeName;
    private KeyValueStore<String, byte[]> store;

    /** A processor writing to the global store {@code storeName}. */
    public CalendarStoreProcessor(String storeName) {
        this.storeName = storeName;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        store = context.getStateStore(storeName);
    }

    @Override
    public void process(Record<String, byte[]> record) {
        if (record.key() == null) {
            log.warn("Skipped a calendars record without a key");
            return;
        }
        if (record.value() == null) {
            store.delete(record.key());
            return;
        }
        try {
            Calendar calendar = EventSerdes.CALENDAR.deserialize(storeName, record.value());
            List<FieldError> errors = CalendarValidator.validate(calendar);
            if (!record.key().equals(calendar.id()) || !errors.isEmpty()) {
                log.warn("Skipped the calendar of key '{}': its id '{}' must match the key and it must be valid {}",
                        record.key(), calendar.id(), errors);
                return;
            }
            store.put(record.key(), record.value());
        } catch (InvalidEventException e) {
            log.warn("Skipped an unparsable calendar of key '{}': {}", record.key(), e.getMessage());
        }
    }
}
