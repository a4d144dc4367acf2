package io.carillon.analytics.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.WorkflowValidator;
import io.carillon.topics.events.WorkflowDefinition;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the global store {@value AnalyticsStores#WORKFLOWS} in step with the {@code workflows} topic: a valid
 * definition whose id is its key is stored, a tombstone removes its key. A record that is not valid (the planner
 * dead-letters it) removes its key and is logged. Runs on the global stream thread.
 */
public final class WorkflowsUpdater implements Processor<String, byte[], Void, Void> {

    private static final Logger LOG = LoggerFactory.getLogger(WorkflowsUpdater.class);

    private KeyValueStore<String, byte[]> store;

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        store = context.getStateStore(AnalyticsStores.WORKFLOWS);
    }

    @Override
    public void process(Record<String, byte[]> record) {
        String key = record.key();
        if (key == null) {
            return;
        }
        if (record.value() == null) {
            store.delete(key);
            return;
        }
        if (parse(key, record.value()) == null) {
            LOG.warn("workflow '{}' ignored and removed: not a valid definition with that id", key);
            store.delete(key);
            return;
        }
        store.put(key, record.value());
    }

    /** The valid definition of workflow {@code key} in {@code value}; null when there is none. */
    static WorkflowDefinition parse(String key, byte[] value) {
        if (value == null) {
            return null;
        }
        try {
            WorkflowDefinition workflow = EventSerdes.WORKFLOW.deserialize(null, value);
            return key.equals(workflow.id())
                            && WorkflowValidator.validate(workflow).isEmpty()
                    ? workflow
                    : null;
        } catch (InvalidEventException e) {
            return null;
        }
    }
}
