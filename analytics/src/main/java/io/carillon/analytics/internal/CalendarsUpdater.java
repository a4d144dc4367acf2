package io.carillon.analytics.internal;

import io.carillon.topics.CalendarValidator;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the global store {@value AnalyticsStores#CALENDARS} in step with the {@code calendars} topic, as the planner
 * keeps its own: a valid calendar is stored under its id, a tombstone removes it, and a record that is not valid
 * ({@link CalendarValidator#recordProblem}) is logged and leaves the stored calendar as it was. Runs on the global
 * stream thread.
 */
public final class CalendarsUpdater implements Processor<String, byte[], Void, Void> {

    private static final Logger LOG = LoggerFactory.getLogger(CalendarsUpdater.class);

    private KeyValueStore<String, byte[]> store;

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        store = context.getStateStore(AnalyticsStores.CALENDARS);
    }

    @Override
    public void process(Record<String, byte[]> record) {
        String key = record.key();
        if (key == null) {
            LOG.warn("calendar without a key ignored: the key is the calendar's id");
        } else if (record.value() == null) {
            store.delete(key);
        } else {
            String problem = CalendarValidator.recordProblem(key, record.value());
            if (problem == null) {
                store.put(key, record.value());
            } else {
                LOG.warn("calendar '{}' ignored: {}", key, problem);
            }
        }
    }
}
