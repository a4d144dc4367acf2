package io.carillon.planner.limits.internal;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The limiter's store {@value #STATES}: limit name → {@link LimitState} (JSON), persistent and changelogged, so a
 * grant and its state change are one exactly-once transaction.
 */
public final class LimiterStores {

    public static final String STATES = "limiter-states";

    private LimiterStores() {}

    public static StoreBuilder<KeyValueStore<String, byte[]>> states() {
        return Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STATES), Serdes.String(), Serdes.ByteArray());
    }
}
