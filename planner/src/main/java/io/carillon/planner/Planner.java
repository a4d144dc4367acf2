package io.carillon.planner;

import io.carillon.planner.internal.PlannerMeters;
import io.carillon.planner.internal.ProbedReadability;
import io.carillon.planner.internal.StartGate;
import io.carillon.streams.StreamsApp;
import io.carillon.streams.StreamsAppBuilder;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;

/**
 * Carillon's planner: a Kafka Streams application ({@link PlannerTopology}) with {@code exactly_once_v2} and the
 * classic group protocol. Each instance owns the jobs of the partitions Kafka assigns it and writes their fires to
 * {@code fires} ahead of their time; more instances with the same application id share the work.
 *
 * <p>Before it ends a run LOST or TIMED_OUT, the planner asks the leaders of the partitions the verdict depends on
 * (the run's {@code results} partition, its worker's {@code workers} partition) for their end offsets, with an
 * {@code Admin} client of its own (client id {@code <application id>-readability}) created at the first such verdict,
 * and waits while one does not answer: results and heartbeats held up behind a lost leader are not taken for a dead
 * worker.
 *
 * <p>The topics of the catalog must exist with their partition counts (see {@code TopicInitializer}).
 *
 * <p>Threading: build and configure on any thread; {@link #start()} and {@link #close()} may be called from any
 * thread ({@link StreamsApp}, the shell underneath, synchronizes them), {@link #isRunning()} too. Processing runs on
 * Kafka Streams' own threads. A planner starts once: after {@link #close()} build a new one.
 */
public final class Planner implements AutoCloseable {

    private static final String NAME = "planner";
    /**
     * A planner that dies without leaving gives up its jobs after this, not after the 45 s default: the broker's
     * smallest by default ({@code group.min.session.timeout.ms}), six heartbeats. Its fires are written ten seconds
     * ahead, so the survivors take over its jobs before most of what it wrote is due.
     */
    private static final Duration SESSION_TIMEOUT = Duration.ofSeconds(6);

    private static final int HEARTBEAT_INTERVAL_MS = 1_000;
    /**
     * Records per poll of the restore consumer (Kafka Streams' default 1,000): a planner restoring a whole changelog
     * (a fresh state folder, or state wiped after an unclean stop) reads it in fewer, larger batches.
     */
    private static final int RESTORE_MAX_POLL_RECORDS = 10_000;
    /**
     * A task processes whatever it has buffered rather than wait for a co-partitioned input the broker has more of:
     * the planner does not depend on the order of records across {@code jobs}, {@code requests}, {@code results} and
     * {@code claims} (a request for a job not held yet is parked; results are taken last anyway; a claim read after
     * its run's end opens nothing, {@code RecentlyEndedRuns}), and waiting for results, which keep arriving, would
     * stall the intake of jobs.
     */
    private static final long NO_TASK_IDLING = StreamsConfig.MAX_TASK_IDLE_MS_DISABLED;

    /** The planner's tuning, over {@link StreamsAppBuilder}'s settings. */
    private static final Map<String, Object> TUNING = Map.of(
            StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG),
            (int) SESSION_TIMEOUT.toMillis(),
            StreamsConfig.consumerPrefix(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG),
            HEARTBEAT_INTERVAL_MS,
            StreamsConfig.restoreConsumerPrefix(ConsumerConfig.MAX_POLL_RECORDS_CONFIG),
            RESTORE_MAX_POLL_RECORDS,
            StreamsConfig.MAX_TASK_IDLE_MS_CONFIG,
            NO_TASK_IDLING,
            StreamsConfig.COMMIT_INTERVAL_MS_CONFIG,
            PlannerSettings.COMMIT_INTERVAL.toMillis());

    private final StreamsApp app;
    private final ProbedReadability readability;

    private Planner(StreamsApp app, ProbedReadability readability) {
        this.app = app;
        this.readability = readability;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Starts processing in the background; returns at once. */
    public void start() {
        app.start();
    }

    /** Kafka Streams' metrics of this planner, for probes and diagnostics; any thread. */
    Map<MetricName, ? extends Metric> metrics() {
        return app.metrics();
    }

    /** Kafka Streams' state of this planner (CREATED, REBALANCING, RUNNING, ..., ERROR), for health; any thread. */
    public KafkaStreams.State state() {
        return app.state();
    }

    /** Whether the planner is processing: its Kafka Streams state is RUNNING or REBALANCING. */
    public boolean isRunning() {
        return app.isRunning();
    }

    /**
     * Stops processing, waiting up to 30 s for the stream threads to commit, and leaves the group so that a
     * successor (or this planner restarted) gets the partitions at once rather than after the session timeout;
     * idempotent.
     */
    @Override
    public void close() {
        app.close();
        readability.close();
    }

    /**
     * Configures a {@link Planner}: the settings of every Carillon Kafka Streams app ({@link StreamsAppBuilder}:
     * cluster, catalog, clock, application id {@code <prefix>planner}, state directory
     * {@code ${java.io.tmpdir}/carillon-planner}, standby replicas, client and Kafka Streams properties, meters) and
     * the planner's own. Its meters: the fires and cancels it writes ({@code carillon.planner.fires} per
     * {@code kind}, {@code carillon.planner.cancels}), its dead letters ({@code carillon.dead.letters}) and Kafka
     * Streams' own metrics. Not thread-safe.
     */
    public static final class Builder extends StreamsAppBuilder<Builder> {

        private Duration horizon = PlannerSettings.DEFAULT_HORIZON;
        private Duration punctuateInterval = PlannerSettings.DEFAULT_PUNCTUATE_INTERVAL;
        private int backfillPerPunctuation = PlannerSettings.DEFAULT_BACKFILL_PER_PUNCTUATION;
        private int maxBackfillFires = PlannerSettings.DEFAULT_MAX_BACKFILL_FIRES;
        private Duration runTimeoutGrace = PlannerSettings.DEFAULT_RUN_TIMEOUT_GRACE;
        private Duration openRunCheckInterval = PlannerSettings.DEFAULT_OPEN_RUN_CHECK_INTERVAL;
        private Duration unknownJobGrace = PlannerSettings.DEFAULT_UNKNOWN_JOB_GRACE;

        private Builder() {
            super(NAME);
        }

        @Override
        protected Builder self() {
            return this;
        }

        /** How far ahead fires are written; default 10 s. */
        public Builder horizon(Duration horizon) {
            this.horizon = horizon;
            return this;
        }

        /** How often due timers are looked for; default 100 ms. */
        public Builder punctuateInterval(Duration punctuateInterval) {
            this.punctuateInterval = punctuateInterval;
            return this;
        }

        /** The most BACKFILL fires one stream task writes per punctuation; default 100. */
        public Builder backfillPerPunctuation(int backfillPerPunctuation) {
            this.backfillPerPunctuation = backfillPerPunctuation;
            return this;
        }

        /** The most fires one BACKFILL request makes (the rest is reported to {@code dlq}); default 1,000. */
        public Builder maxBackfillFires(int maxBackfillFires) {
            this.maxBackfillFires = maxBackfillFires;
            return this;
        }

        /**
         * How long past {@code startedAt + timeoutMs} a run may stay without a terminal result before the planner
         * writes TIMED_OUT for it; default 30 s.
         */
        public Builder runTimeoutGrace(Duration runTimeoutGrace) {
            this.runTimeoutGrace = runTimeoutGrace;
            return this;
        }

        /** How often open runs are checked for timeouts and expired worker heartbeats; default 1 s. */
        public Builder openRunCheckInterval(Duration openRunCheckInterval) {
            this.openRunCheckInterval = openRunCheckInterval;
            return this;
        }

        /**
         * How long a request for a job the planner does not hold yet waits for the job's definition before it goes
         * to {@code dlq}; default 30 s, zero dead-letters it at once.
         */
        public Builder unknownJobGrace(Duration unknownJobGrace) {
            this.unknownJobGrace = unknownJobGrace;
            return this;
        }

        public Planner build() {
            requireSettings();
            PlannerSettings settings = new PlannerSettings(
                    horizon,
                    punctuateInterval,
                    backfillPerPunctuation,
                    maxBackfillFires,
                    runTimeoutGrace,
                    openRunCheckInterval,
                    unknownJobGrace);
            StartGate gate = new StartGate();
            PlannerMeters meters = meterRegistry().map(PlannerMeters::new).orElseGet(PlannerMeters::none);
            ProbedReadability readability = ProbedReadability.overAdmin(adminConfig("readability"), clock());
            return new Planner(
                    newApp(
                            PlannerTopology.build(catalog(), clock(), settings, gate, readability, meters),
                            TUNING,
                            gate::onStateChange),
                    readability);
        }
    }
}
