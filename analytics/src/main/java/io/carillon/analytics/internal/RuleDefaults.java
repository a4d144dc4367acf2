package io.carillon.analytics.internal;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.Alerting;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The alerting defaults below a job's own block: the app's ({@code alert-rules} key: the app), then the global ones
 * (key {@value TopicCatalog#GLOBAL_ALERT_RULES}), both from the global store {@value AnalyticsStores#ALERT_RULES}
 * that {@link AlertRulesUpdater} fills; then the analytics app's settings; then {@link Alerting#builtIn()}. Reads only;
 * used on one stream thread.
 */
final class RuleDefaults {

    private final ReadOnlyKeyValueStore<String, Alerting> store;
    private final Alerting settings;

    RuleDefaults(ReadOnlyKeyValueStore<String, Alerting> store, Alerting settings) {
        this.store = store;
        this.settings = settings;
    }

    /** Every field of the defaults of {@code app} (null: global only), none left out. */
    Alerting of(String app) {
        Alerting base = orUnset(store.get(TopicCatalog.GLOBAL_ALERT_RULES))
                .orElse(settings)
                .orElse(Alerting.builtIn());
        return app == null ? base : orUnset(store.get(app)).orElse(base);
    }

    /** What the store holds now, to tell whether the defaults changed since an earlier look. */
    Map<String, Alerting> snapshot() {
        Map<String, Alerting> all = new TreeMap<>();
        try (KeyValueIterator<String, Alerting> entries = store.all()) {
            entries.forEachRemaining(entry -> all.put(entry.key, entry.value));
        }
        return all;
    }

    private static Alerting orUnset(Alerting alerting) {
        return alerting == null ? Alerting.unset() : alerting;
    }
}
