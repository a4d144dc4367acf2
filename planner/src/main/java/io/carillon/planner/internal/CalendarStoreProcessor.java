package io.carillon.planner.internal;

import io.carillon.topics.CalendarValidator;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the latest calendar per id in the global store {@link PlannerStores#CALENDARS}, fed by the compacted
 * {@code calendars} topic (key calendar id): a calendar replaces the previous one, a tombstone removes it. A bad
 * record ({@link CalendarValidator#recordProblem}) is skipped with a log line, and the calendar it would have
 * replaced stays: a global store's processor cannot forward, so it cannot write to {@code dlq}. Called by the global
 * stream thread only.
 */
public final class CalendarStoreProcessor implements Processor<String, byte[], Void, Void> {

    private static final Logger log = LoggerFactory.getLogger(CalendarStoreProcessor.class);

    private KeyValueStore<String, byte[]> store;

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        store = context.getStateStore(PlannerStores.CALENDARS);
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
        String problem = CalendarValidator.recordProblem(record.key(), record.value());
        if (problem != null) {
            log.warn("Skipped the calendar of key '{}': {}", record.key(), problem);
            return;
        }
        store.put(record.key(), record.value());
    }
}
