package io.carillon.analytics.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.FieldError;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.JobValidator;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.Alerting;
import java.util.List;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the global store {@value AnalyticsStores#ALERT_RULES} in step with the {@code alert-rules} topic: a valid
 * record (key {@value TopicCatalog#GLOBAL_ALERT_RULES} or an app, value valid {@link Alerting} JSON) is stored, a
 * tombstone removes its key. A record that is not valid cannot be dead-lettered from a global store's processor: it
 * removes its key (so the next level of defaults applies) and is logged with its field errors. Runs on the global
 * stream thread.
 */
public final class AlertRulesUpdater implements Processor<String, byte[], Void, Void> {

    private static final Logger LOG = LoggerFactory.getLogger(AlertRulesUpdater.class);

    private KeyValueStore<String, Alerting> store;

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        store = context.getStateStore(AnalyticsStores.ALERT_RULES);
    }

    @Override
    public void process(Record<String, byte[]> record) {
        String key = record.key();
        if (key == null) {
            LOG.warn("alert rules without a key ignored: the key is '*' or an app");
            return;
        }
        if (record.value() == null) {
            store.delete(key);
            return;
        }
        String problem = problem(key, record.value());
        if (problem != null) {
            LOG.warn("alert rules of '{}' ignored and removed: {}", key, problem);
            store.delete(key);
            return;
        }
        store.put(key, EventSerdes.ALERT_RULES.deserialize(null, record.value()));
    }

    private static String problem(String key, byte[] value) {
        if (!TopicCatalog.GLOBAL_ALERT_RULES.equals(key) && !TopicCatalog.isValidAppName(key)) {
            return "the key is neither '*' nor a valid app name";
        }
        try {
            List<FieldError> errors = JobValidator.validate(EventSerdes.ALERT_RULES.deserialize(null, value));
            return errors.isEmpty() ? null : errors.toString();
        } catch (InvalidEventException e) {
            return e.getMessage();
        }
    }
}
