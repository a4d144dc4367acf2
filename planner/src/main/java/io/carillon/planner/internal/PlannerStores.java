package io.carillon.planner.internal;

import java.time.Duration;
import java.util.List;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

import io.carillon.topics.JsonSerde;

/**
 * The planner's state stores, all persistent (RocksDB) and backed by a changelog topic:
 * <ul>
 *   <li>{@value #JOBS}: job id → {@link JobState};</li>
 *   <li>{@value #TIMERS}: time-ordered timers ({@link TimerStore});</li>
 *   <li>{@value #REQUEST_IDS}: request ids acted on and retry fire ids scheduled, kept {@link #REQUEST_ID_RETENTION}
 *       ({@link RequestIds}).</li>
 * </ul>
 */
public final class PlannerStores {

    public static final String JOBS = "planner-jobs";
    public static final String TIMERS = "planner-timers";
    public static final String REQUEST_IDS = "planner-request-ids";

    /** How long a request id or retry id is remembered: a replay within this time does nothing. */
    public static final Duration REQUEST_ID_RETENTION = Duration.ofDays(7);

    private static final Duration REQUEST_ID_WINDOW = Duration.ofMillis(1);

    private PlannerStores() {
    }

    public static List<StoreBuilder<?>> builders() {
        return List.of(
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(JOBS), Serdes.String(),
                        JsonSerde.of(JobState.class)),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(TIMERS), Serdes.String(),
                        JsonSerde.of(Timer.class)),
                Stores.windowStoreBuilder(Stores.persistentWindowStore(REQUEST_IDS, REQUEST_ID_RETENTION,
                        REQUEST_ID_WINDOW, false), Serdes.String(), Serdes.Long()));
    }
}
