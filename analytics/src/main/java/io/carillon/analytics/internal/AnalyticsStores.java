package io.carillon.analytics.internal;

import io.carillon.topics.JsonSerde;
import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.StatsWindow;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The analytics app's state stores, all persistent (RocksDB) with a changelog. Per job (the job-analytics processor):
 * <ul>
 *   <li>{@value #JOBS}: job id → its definition (JSON);</li>
 *   <li>{@value #FAILED}: job id → {@link FailedMonitor}; {@value #MISSED}: job id → {@link MissedMonitor};</li>
 *   <li>{@value #MISSED_DUE}: {@code <due millis>|<job>} → job id, the next instant each monitored job waits for;</li>
 *   <li>{@value #JOB_MINUTES}, {@value #JOB_HOURS}: window stores, job id → {@link RunAggregate};</li>
 *   <li>{@value #OVERRUN}: job id → {@link OverrunMonitor}; {@value #FAILURE_RATE}: job id →
 *       {@link FailureRateMonitor}; {@value #OVERRUN_DUE}, {@value #FAILURE_RATE_DUE}: their {@link DueIndex}es;</li>
 *   <li>{@value #SLOW}: job id → {@link SlowMonitor}; {@value #SLOW_HOURS}: window store of the closed hours of the
 *       jobs with the slow rule on, kept {@link #SLOW_HOURS_RETENTION}.</li>
 * </ul>
 * Global (every task reads all of it, {@link #alertRules()}): {@value #ALERT_RULES}, {@code *} or app →
 * {@code Alerting}, the defaults on the {@code alert-rules} topic; {@value #CALENDARS} ({@link #calendars()}),
 * calendar id → the calendar's JSON on the {@code calendars} topic, which the missed rule reads.
 * Per app (the app processor, after the repartition by app): {@value #APP_MINUTES}, {@value #APP_HOURS} (window
 * stores, app → {@link RunAggregate}); {@value #APP_WATCHERS}: {@code <app>|<job>} → the job's no-worker grace, for
 * each job that watches its app; {@value #APP_WORKERS}: app → {@link NoWorkerMonitor}.
 * Per workflow (the workflow-alerts processor): {@value #WORKFLOW_MONITORS}: workflow id → {@link WorkflowMonitor};
 * {@value #WORKFLOW_OVERRUN_DUE}: its {@link DueIndex}; global {@value #WORKFLOWS} ({@link #workflows()}): workflow
 * id → the definition's JSON on the {@code workflows} topic.
 * Window stores keep {@link #WINDOW_RETENTION}: an open window is far younger, a closed one is deleted.
 */
public final class AnalyticsStores {

    public static final String JOBS = "analytics-jobs";
    public static final String FAILED = "analytics-failed";
    public static final String MISSED = "analytics-missed";
    public static final String MISSED_DUE = "analytics-missed-due";
    public static final String JOB_MINUTES = "analytics-job-minutes";
    public static final String JOB_HOURS = "analytics-job-hours";
    public static final String OVERRUN = "analytics-overrun";
    public static final String OVERRUN_DUE = "analytics-overrun-due";
    public static final String FAILURE_RATE = "analytics-failure-rate";
    public static final String FAILURE_RATE_DUE = "analytics-failure-rate-due";
    public static final String SLOW = "analytics-slow";
    public static final String SLOW_HOURS = "analytics-slow-hours";
    public static final String ALERT_RULES = "analytics-alert-rules";
    public static final String CALENDARS = "analytics-calendars";
    public static final String APP_MINUTES = "analytics-app-minutes";
    public static final String APP_HOURS = "analytics-app-hours";
    public static final String APP_WATCHERS = "analytics-app-watchers";
    public static final String APP_WORKERS = "analytics-app-workers";
    public static final String WORKFLOWS = "analytics-workflows";
    public static final String WORKFLOW_MONITORS = "analytics-workflow-monitors";
    public static final String WORKFLOW_OVERRUN_DUE = "analytics-workflow-overrun-due";

    static final Duration WINDOW_RETENTION = Duration.ofDays(1);
    /** The slow rule's day of hours, and the hour that closes as the oldest leaves it. */
    static final Duration SLOW_HOURS_RETENTION = SlowRule.BASELINE.plus(StatsWindow.HOUR.length());

    private AnalyticsStores() {}

    public static List<StoreBuilder<?>> jobStores() {
        return List.of(
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(JOBS), Serdes.String(), Serdes.ByteArray()),
                Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(FAILED), Serdes.String(), JsonSerde.of(FailedMonitor.class)),
                Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(MISSED), Serdes.String(), JsonSerde.of(MissedMonitor.class)),
                Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(MISSED_DUE), Serdes.String(), Serdes.String()),
                windows(JOB_MINUTES, StatsWindow.MINUTE),
                windows(JOB_HOURS, StatsWindow.HOUR),
                monitors(OVERRUN, OverrunMonitor.class),
                dueIndex(OVERRUN_DUE),
                monitors(FAILURE_RATE, FailureRateMonitor.class),
                dueIndex(FAILURE_RATE_DUE),
                monitors(SLOW, SlowMonitor.class),
                Stores.windowStoreBuilder(
                        Stores.persistentWindowStore(
                                SLOW_HOURS, SLOW_HOURS_RETENTION, StatsWindow.HOUR.length(), false),
                        Serdes.String(),
                        new RunAggregateSerde()));
    }

    /** The global store of the alerting defaults; a global store has no changelog: its topic is its log. */
    public static StoreBuilder<KeyValueStore<String, Alerting>> alertRules() {
        return Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(ALERT_RULES), Serdes.String(), JsonSerde.of(Alerting.class))
                .withLoggingDisabled();
    }

    /** The global store of the calendars; a global store has no changelog: its topic is its log. */
    public static StoreBuilder<KeyValueStore<String, byte[]>> calendars() {
        return Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(CALENDARS), Serdes.String(), Serdes.ByteArray())
                .withLoggingDisabled();
    }

    /** The global store of the workflow definitions; a global store has no changelog: its topic is its log. */
    public static StoreBuilder<KeyValueStore<String, byte[]>> workflows() {
        return Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(WORKFLOWS), Serdes.String(), Serdes.ByteArray())
                .withLoggingDisabled();
    }

    public static List<StoreBuilder<?>> workflowStores() {
        return List.of(monitors(WORKFLOW_MONITORS, WorkflowMonitor.class), dueIndex(WORKFLOW_OVERRUN_DUE));
    }

    public static List<StoreBuilder<?>> appStores() {
        return List.of(
                windows(APP_MINUTES, StatsWindow.MINUTE),
                windows(APP_HOURS, StatsWindow.HOUR),
                Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(APP_WATCHERS), Serdes.String(), Serdes.Long()),
                Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(APP_WORKERS),
                        Serdes.String(),
                        JsonSerde.of(NoWorkerMonitor.class)));
    }

    public static String[] names(List<StoreBuilder<?>> stores) {
        return stores.stream().map(StoreBuilder::name).toArray(String[]::new);
    }

    private static StoreBuilder<?> monitors(String name, Class<?> type) {
        return Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(name), Serdes.String(), JsonSerde.of(type));
    }

    private static StoreBuilder<?> dueIndex(String name) {
        return Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(name), Serdes.String(), Serdes.String());
    }

    private static StoreBuilder<?> windows(String name, StatsWindow window) {
        return Stores.windowStoreBuilder(
                        Stores.persistentWindowStore(name, WINDOW_RETENTION, window.length(), false),
                        Serdes.String(),
                        new RunAggregateSerde())
                .withCachingEnabled();
    }
}
