package io.carillon.planner.internal;

import java.util.function.BiFunction;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the latest valid record per key of a compacted topic in a global store: the calendars
 * ({@link PlannerStores#CALENDARS}) and the concurrency limits. A record replaces the previous one, a tombstone
 * removes it. A bad record (one {@code problem} names a reason for) is skipped with a log line, and the record it would
 * have replaced stays: a global store's processor cannot forward, so it cannot write to {@code dlq}. Called by the
 * global stream thread only.
 */
public final class CheckedStoreProcessor implements Processor<String, byte[], Void, Void> {

    private static final Logger log = LoggerFactory.getLogger(CheckedStoreProcessor.class);

    private final String storeName;
    private final String what;
    private final BiFunction<String, byte[], String> problem;
    private KeyValueStore<String, byte[]> store;

    /**
     * Keeps the records in the store {@code storeName}; {@code what} names them in log lines ({@code calendar});
     * {@code problem} gives why a record (key, value) is not usable, or null when it is.
     */
    public CheckedStoreProcessor(String storeName, String what, BiFunction<String, byte[], String> problem) {
        this.storeName = storeName;
        this.what = what;
        this.problem = problem;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        store = context.getStateStore(storeName);
    }

    @Override
    public void process(Record<String, byte[]> record) {
        if (record.key() == null) {
            log.warn("Skipped a {} record without a key", what);
            return;
        }
        if (record.value() == null) {
            store.delete(record.key());
            return;
        }
        String reason = problem.apply(record.key(), record.value());
        if (reason != null) {
            log.warn("Skipped the {} of key '{}': {}", what, record.key(), reason);
            return;
        }
        store.put(record.key(), record.value());
    }
}
