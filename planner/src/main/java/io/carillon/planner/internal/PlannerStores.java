package io.carillon.planner.internal;

import io.carillon.topics.JsonSerde;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The planner's state stores, all persistent (RocksDB) and backed by a changelog topic:
 * <ul>
 *   <li>{@value #JOBS}: job id → {@link JobState}, encoded and cached by {@link JobStore};</li>
 *   <li>{@value #TIMERS}: time-ordered timers ({@link TimerStore}), values in {@link TimerSerde}'s binary form;</li>
 *   <li>{@value #REQUEST_IDS}: request ids acted on and retry fire ids scheduled, kept {@link #REQUEST_ID_RETENTION}
 *       ({@link RequestIds});</li>
 *   <li>{@value #OPEN_RUNS}: run id → {@link OpenRun} (in {@link OpenRuns}' binary form), the runs seen STARTED
 *       on {@code results} (a real start, or a claim written there) and not yet ended ({@link OpenRuns});
 *       cached, so that a run that starts and ends within one commit interval (the common case: a worker writes
 *       STARTED and its terminal result back to back) reaches RocksDB and the changelog as one tombstone rather than
 *       a put and a tombstone;</li>
 *   <li>{@value #OPEN_CLAIMS}: the runs opened by the claims of {@code claims} batches and not yet ended, a base and
 *       the ended runs' bits per batch ({@link ClaimedRuns}); cached, so a batch's hundreds of claims and ends reach
 *       the changelog as a few records;</li>
 *   <li>{@value #ENDED_RUNS}: run id → {@link EndedRun}, the runs that ended in a status a RETRY request may retry,
 *       kept {@link #REQUEST_ID_RETENTION} ({@link EndedRuns});</li>
 *   <li>{@value #PARKED_REQUESTS}: {@code <job id>|<offset>} → {@link ParkedRequest}, requests for a job not held yet,
 *       waiting for it ({@link ParkedRequests}).</li>
 * </ul>
 * And three global stores, not changelogged (their compacted topics are their source): {@value #WORKERS} (instance id →
 * latest heartbeat with its receipt instant, {@link WorkerHeartbeats}), fed by {@link HeartbeatStoreProcessor} ({@link #workers()}), and {@value #CALENDARS}
 * (calendar id → calendar JSON) and {@value #LIMITS} (limit id → concurrency limit JSON, read by the limiter), each fed
 * by a {@link CheckedStoreProcessor} ({@link #calendars()}, {@link #limits()}).
 */
public final class PlannerStores {

    public static final String JOBS = "planner-jobs";
    public static final String TIMERS = "planner-timers";
    public static final String REQUEST_IDS = "planner-request-ids";
    public static final String OPEN_RUNS = "planner-open-runs";
    public static final String OPEN_CLAIMS = "planner-open-claims";
    public static final String ENDED_RUNS = "planner-ended-runs";
    public static final String PARKED_REQUESTS = "planner-parked-requests";
    public static final String WORKERS = "planner-workers";
    public static final String CALENDARS = "planner-calendars";
    public static final String LIMITS = "planner-limits";

    /** How long a request id or retry id is remembered: a replay within this time does nothing. */
    public static final Duration REQUEST_ID_RETENTION = Duration.ofDays(7);

    private static final Duration REQUEST_ID_WINDOW = Duration.ofMillis(1);

    private PlannerStores() {}

    public static List<StoreBuilder<?>> builders() {
        return List.of(
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(JOBS), Serdes.String(), Serdes.ByteArray()),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(TIMERS), Serdes.String(), new TimerSerde()),
                Stores.windowStoreBuilder(
                        Stores.persistentWindowStore(REQUEST_IDS, REQUEST_ID_RETENTION, REQUEST_ID_WINDOW, false),
                        Serdes.String(),
                        Serdes.Long()),
                Stores.keyValueStoreBuilder(
                                Stores.persistentKeyValueStore(OPEN_RUNS), Serdes.String(), Serdes.ByteArray())
                        .withCachingEnabled(),
                Stores.keyValueStoreBuilder(
                                Stores.persistentKeyValueStore(OPEN_CLAIMS), Serdes.String(), Serdes.ByteArray())
                        .withCachingEnabled(),
                Stores.windowStoreBuilder(
                        Stores.persistentWindowStore(ENDED_RUNS, REQUEST_ID_RETENTION, REQUEST_ID_WINDOW, false),
                        Serdes.String(),
                        JsonSerde.of(EndedRun.class)),
                Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(PARKED_REQUESTS),
                        Serdes.String(),
                        JsonSerde.of(ParkedRequest.class)));
    }

    /** The global calendar store; a global store must not have a changelog of its own. */
    public static StoreBuilder<KeyValueStore<String, byte[]>> calendars() {
        return Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(CALENDARS), Serdes.String(), Serdes.ByteArray())
                .withLoggingDisabled();
    }

    /** The global store of concurrency limits (limit id → {@code ConcurrencyLimit} JSON); no changelog of its own. */
    public static StoreBuilder<KeyValueStore<String, byte[]>> limits() {
        return Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(LIMITS), Serdes.String(), Serdes.ByteArray())
                .withLoggingDisabled();
    }

    /** The global heartbeat store; a global store must not have a changelog of its own. */
    public static StoreBuilder<KeyValueStore<String, byte[]>> workers() {
        return Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(WORKERS), Serdes.String(), Serdes.ByteArray())
                .withLoggingDisabled();
    }
}
