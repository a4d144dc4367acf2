package io.carillon.analytics;

import io.carillon.analytics.internal.AnalyticsMeters;
import io.carillon.streams.StreamsApp;
import io.carillon.streams.StreamsAppBuilder;
import io.carillon.topics.events.Alerting;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;

/**
 * Carillon's analytics app: a Kafka Streams application ({@link AnalyticsTopology}) with {@code exactly_once_v2}
 * that writes per-job and per-app run statistics to {@code stats} and monitor incidents to {@code alerts}. More
 * instances with the same application id share the jobs' partitions.
 *
 * <p>The topics of the catalog must exist with their partition counts (see {@code TopicInitializer}); the app
 * creates its own internal topics (changelogs, the repartition topic by app).
 *
 * <p>Threading: build and configure on any thread; {@link #start()} and {@link #close()} may be called from any
 * thread ({@link StreamsApp}, the shell underneath, synchronizes them), {@link #isRunning()} too. Processing runs on
 * Kafka Streams' own threads. An app starts once: after {@link #close()} build a new one.
 */
public final class Analytics implements AutoCloseable {

    private static final String NAME = "analytics";

    private final StreamsApp app;

    private Analytics(StreamsApp app) {
        this.app = app;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Starts processing in the background; returns at once. */
    public void start() {
        app.start();
    }

    /** The state of its Kafka Streams application. */
    public KafkaStreams.State state() {
        return app.state();
    }

    /** Whether the app is processing: its Kafka Streams state is RUNNING or REBALANCING. */
    public boolean isRunning() {
        return app.isRunning();
    }

    /** Whether the app has joined its group and processes: its Kafka Streams state is RUNNING. */
    public boolean isProcessing() {
        return app.isProcessing();
    }

    /** Stops processing, waiting up to 30 s for the stream threads to commit, and leaves the group; idempotent. */
    @Override
    public void close() {
        app.close();
    }

    /**
     * Configures an {@link Analytics} app: the settings of every Carillon Kafka Streams app
     * ({@link StreamsAppBuilder}: cluster, catalog, clock, application id {@code <prefix>analytics}, state directory
     * {@code ${java.io.tmpdir}/carillon-analytics}, standby replicas, client and Kafka Streams properties, meters) and
     * the app's own. Its meters: the incident steps it writes ({@code carillon.analytics.incidents} per {@code rule}
     * and {@code action}), its dead letters ({@code carillon.dead.letters}) and Kafka Streams' own metrics. Not
     * thread-safe.
     */
    public static final class Builder extends StreamsAppBuilder<Builder> {

        private static final Map<String, Object> TUNING = Map.of(
                StreamsConfig.COMMIT_INTERVAL_MS_CONFIG,
                AnalyticsSettings.COMMIT_INTERVAL.toMillis(),
                StreamsConfig.POLL_MS_CONFIG,
                AnalyticsSettings.POLL.toMillis());

        private Duration punctuateInterval = AnalyticsSettings.DEFAULT_PUNCTUATE_INTERVAL;
        private Duration windowGrace = AnalyticsSettings.DEFAULT_WINDOW_GRACE;
        private Duration appWindowDelay = AnalyticsSettings.DEFAULT_APP_WINDOW_DELAY;
        private boolean resultsFromStart;
        private Alerting alertingDefaults = Alerting.unset();

        private Builder() {
            super(NAME);
        }

        @Override
        protected Builder self() {
            return this;
        }

        /** How often windows are closed and scheduled instants judged; default 1 s. */
        public Builder punctuateInterval(Duration punctuateInterval) {
            this.punctuateInterval = punctuateInterval;
            return this;
        }

        /** How long after a window ends a result still counts in it; default 5 s. */
        public Builder windowGrace(Duration windowGrace) {
            this.windowGrace = windowGrace;
            return this;
        }

        /** How much longer an app's window waits for its jobs' windows; default 5 s. */
        public Builder appWindowDelay(Duration appWindowDelay) {
            this.appWindowDelay = appWindowDelay;
            return this;
        }

        /** Whether a new application id reads {@code results} from the beginning; default false (from the end). */
        public Builder resultsFromStart(boolean resultsFromStart) {
            this.resultsFromStart = resultsFromStart;
            return this;
        }

        /**
         * The monitor rules of every job that leaves a field of its {@code alerting} out; default
         * {@link Alerting#unset()} (the built-in rules, all on).
         */
        public Builder alertingDefaults(Alerting alertingDefaults) {
            this.alertingDefaults = Objects.requireNonNull(alertingDefaults, "alertingDefaults");
            return this;
        }

        public Analytics build() {
            requireSettings();
            AnalyticsSettings settings = new AnalyticsSettings(
                    punctuateInterval, windowGrace, appWindowDelay, resultsFromStart, alertingDefaults);
            AnalyticsMeters meters = meterRegistry().map(AnalyticsMeters::new).orElseGet(AnalyticsMeters::none);
            return new Analytics(newApp(AnalyticsTopology.build(catalog(), clock(), settings, meters), TUNING));
        }
    }
}
