package io.carillon.worker;

import io.carillon.topics.KafkaClientProperties;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.AppDeclarations;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.worker.internal.Declared;
import io.carillon.worker.internal.WorkerEngine;
import io.carillon.worker.internal.WorkerSettings;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A Carillon worker: consumes the trigger topic of its app as consumer group {@code <app>}, runs each trigger's
 * handler with at most {@code capacity} runs at once, applying the job's block strategy (SERIAL, DISCARD_LATER,
 * COVER_EARLY, PARALLEL) against the job's runs on this instance, obeys kill requests from {@code control}, reports
 * STARTED, throttled PROGRESS and a terminal status to {@code results}, the runs' log lines to {@code logs}, and
 * heartbeats to {@code workers}.
 *
 * <pre>{@code
 * try (CarillonWorker worker = CarillonWorker.builder()
 *         .bootstrapServers("localhost:9092")
 *         .catalog(TopicCatalog.defaults())
 *         .app("billing")
 *         .handler("send-invoices", context -> invoices.send(context.params()))
 *         .build()) {
 *     worker.start();
 *     ...
 * }
 * }</pre>
 *
 * <p>{@link #start()} and {@link #close()} may be called from any thread; a worker starts at most once. Handlers run
 * on the worker's own threads (see {@link JobHandlerFunction}).
 */
public final class CarillonWorker implements AutoCloseable {

    public static final int DEFAULT_CAPACITY = 16;
    /**
     * How many runs may wait for their due instant at once by default: triggers the dispatcher sent ahead of their
     * {@code dueAt} (its trigger lead, 1.5 s) wait without a run slot, so the fires of the next instants can be here
     * in time: 10,000 a second with room to spare (a waiting run holds a few kilobytes). With room for 4,096, an
     * instance given 10,000 fires a second holds a third of them early and takes the rest as they fall due, a claim
     * and a commit per poll, and falls seconds behind (bench steady J=10,000).
     */
    public static final int DEFAULT_MAX_EARLY_RUNS = 16_384;

    public static final Duration DEFAULT_HEARTBEAT_INTERVAL = Duration.ofSeconds(1);
    public static final Duration DEFAULT_SHUTDOWN_GRACE = Duration.ofSeconds(30);
    /** The longest app version a worker's declarations may carry. */
    public static final int MAX_APP_VERSION_LENGTH = 100;

    private enum State {
        NEW,
        RUNNING,
        CLOSED
    }

    private final WorkerSettings settings;
    private final Declared declared;
    private volatile State state = State.NEW;
    private WorkerEngine engine;

    private CarillonWorker(WorkerSettings settings, Declared declared) {
        this.settings = settings;
        this.declared = declared;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Creates the app's trigger topic if it is missing, publishes the app's {@linkplain Builder#declarations declared
     * jobs} when there are, joins the consumer group and starts taking triggers and sending heartbeats. Returns once
     * the clients are up; partitions are assigned shortly after.
     *
     * @throws IllegalStateException when the worker was already started or closed, or the trigger topic cannot be
     *         created
     * @throws org.apache.kafka.common.KafkaException when the declared jobs could not be published
     */
    public synchronized void start() {
        if (state != State.NEW) {
            throw new IllegalStateException("worker " + settings.instanceId() + " of app " + settings.app()
                    + " was already " + (state == State.RUNNING ? "started" : "closed") + "; build a new one");
        }
        AppDeclarations declarations = declared == null
                ? null
                : declared.event(
                        settings.app(), settings.instanceId(), settings.clock().instant());
        engine = WorkerEngine.start(settings, declarations);
        state = State.RUNNING;
    }

    /**
     * Shuts down gracefully: stops taking triggers, lets running runs finish within the shutdown grace, then
     * interrupts the rest and reports them KILLED, publishes a heartbeat tombstone and leaves the group. Blocks until
     * done; calling it again does nothing.
     */
    @Override
    public synchronized void close() {
        if (state == State.RUNNING) {
            engine.close();
        }
        state = State.CLOSED;
    }

    public boolean isRunning() {
        return state == State.RUNNING;
    }

    public String app() {
        return settings.app();
    }

    public String instanceId() {
        return settings.instanceId();
    }

    public int capacity() {
        return settings.capacity();
    }

    /** The names of the handlers this worker runs, sorted. */
    public Set<String> handlerNames() {
        return new TreeSet<>(settings.handlers().keySet());
    }

    /** The jobs this worker declares for its app, or null when it declares none (and publishes nothing). */
    public List<JobDefinition> declaredJobs() {
        return declared == null ? null : declared.jobs();
    }

    /** The workflows this worker declares for its app, or null when it declares nothing. */
    public List<WorkflowDefinition> declaredWorkflows() {
        return declared == null ? null : declared.workflows();
    }

    /** The calendars this worker declares, or null when it declares nothing. */
    public List<Calendar> declaredCalendars() {
        return declared == null ? null : declared.calendars();
    }

    /** The concurrency limits this worker declares, or null when it declares nothing. */
    public List<ConcurrencyLimit> declaredLimits() {
        return declared == null ? null : declared.limits();
    }

    /** The version of the app its declarations carry, or null when it declares none. */
    public String appVersion() {
        return declared == null ? null : declared.appVersion();
    }

    /** Configures a {@link CarillonWorker}; not thread-safe. {@link #build()} may be called more than once. */
    public static final class Builder {

        private String bootstrapServers;
        private TopicCatalog catalog;
        private Clock clock = Clock.systemUTC();
        private String app;
        private String instanceId;
        private int capacity = DEFAULT_CAPACITY;
        private int maxEarlyRuns = DEFAULT_MAX_EARLY_RUNS;
        private Duration heartbeatInterval = DEFAULT_HEARTBEAT_INTERVAL;
        private Duration shutdownGrace = DEFAULT_SHUTDOWN_GRACE;
        private final Map<String, JobHandlerFunction> handlers = new LinkedHashMap<>();
        private final Map<String, Object> kafkaProperties = new LinkedHashMap<>();
        private String declaredVersion;
        private List<JobDefinition> declaredJobs = List.of();
        private List<WorkflowDefinition> declaredWorkflows = List.of();
        private List<Calendar> declaredCalendars = List.of();
        private List<ConcurrencyLimit> declaredLimits = List.of();
        private RunListener runListener = RunListener.NONE;

        private Builder() {}

        /**
         * The jobs this app declares in its code or configuration, and the app's version: published at
         * {@link CarillonWorker#start()} (possibly none, which tells the console the app declares no job any more). The
         * console keeps the jobs of the app's newest version, versions compared numerically per dotted segment.
         * Without this call nothing is published. Each job's {@code app} must be this worker's app.
         */
        public Builder declarations(String appVersion, List<JobDefinition> jobs) {
            return declarations(appVersion, jobs, List.of());
        }

        /**
         * As {@link #declarations(String, List)}, with the workflows the app declares; each inline node's {@code app}
         * must be this worker's app.
         */
        public Builder declarations(String appVersion, List<JobDefinition> jobs, List<WorkflowDefinition> workflows) {
            this.declaredVersion = appVersion;
            this.declaredJobs = List.copyOf(jobs);
            this.declaredWorkflows = List.copyOf(workflows);
            return this;
        }

        /**
         * The calendars this app declares, published with its {@linkplain #declarations declarations} (which must be
         * given too). Any app's schedules may refer to them; the console keeps them while the app declares them and
         * no one else manages a calendar of the same id.
         */
        public Builder declaredCalendars(List<Calendar> calendars) {
            this.declaredCalendars = List.copyOf(calendars);
            return this;
        }

        /**
         * The concurrency limits this app declares, published with its {@linkplain #declarations declarations} (which
         * must be given too). Any app's jobs may take them.
         */
        public Builder declaredLimits(List<ConcurrencyLimit> limits) {
            this.declaredLimits = List.copyOf(limits);
            return this;
        }

        /** The names of the handlers registered so far. */
        public Set<String> handlerNames() {
            return new TreeSet<>(handlers.keySet());
        }

        /** Kafka bootstrap servers, comma-separated host:port pairs. Required. */
        public Builder bootstrapServers(String bootstrapServers) {
            this.bootstrapServers = bootstrapServers;
            return this;
        }

        /** The topic names to use. Required. */
        public Builder catalog(TopicCatalog catalog) {
            this.catalog = catalog;
            return this;
        }

        /** Where all timestamps come from; default {@link Clock#systemUTC()}. */
        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /** The worker app: jobs name it, it names the trigger topic and the consumer group. Required. */
        public Builder app(String app) {
            this.app = app;
            return this;
        }

        /** A stable name of this process; default {@code <host>-<pid>}. */
        public Builder instanceId(String instanceId) {
            this.instanceId = instanceId;
            return this;
        }

        /** How many runs may execute at once; default {@value CarillonWorker#DEFAULT_CAPACITY}. */
        public Builder capacity(int capacity) {
            this.capacity = capacity;
            return this;
        }

        /**
         * How many runs whose trigger came before its {@code dueAt} (the dispatcher's trigger lead) may wait here for
         * their due instant at once; default {@value CarillonWorker#DEFAULT_MAX_EARLY_RUNS}. They hold no run slot
         * while they wait (each is a small object and a timer entry); when the bound is reached, further early
         * triggers stay in the trigger topic until one comes due.
         */
        public Builder maxEarlyRuns(int maxEarlyRuns) {
            this.maxEarlyRuns = maxEarlyRuns;
            return this;
        }

        /** How often to publish a heartbeat; default 1 s. */
        public Builder heartbeatInterval(Duration heartbeatInterval) {
            this.heartbeatInterval = heartbeatInterval;
            return this;
        }

        /** How long {@link CarillonWorker#close()} lets running runs finish before killing them; default 30 s. */
        public Builder shutdownGrace(Duration shutdownGrace) {
            this.shutdownGrace = shutdownGrace;
            return this;
        }

        /**
         * Registers the handler {@code name}.
         *
         * @throws IllegalArgumentException when the name is blank or already registered
         */
        public Builder handler(String name, JobHandlerFunction handler) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a handler name must not be blank");
            }
            Objects.requireNonNull(handler, () -> "handler '" + name + "' is null");
            if (handlers.containsKey(name)) {
                throw new IllegalArgumentException(
                        "handler '" + name + "' is registered twice; give each handler its own name");
            }
            handlers.put(name, handler);
            return this;
        }

        /**
         * An extra Kafka client setting for the worker's consumers, producers and admin client (security settings, for
         * example); it wins over the worker's tuning defaults.
         *
         * @throws IllegalArgumentException for a {@linkplain KafkaClientProperties#PROTECTED protected} setting, one
         *                                  the worker depends on (group id, isolation level, manual commits,
         *                                  idempotence, acks, ...)
         */
        public Builder kafkaProperty(String name, Object value) {
            KafkaClientProperties.requireAllowed("kafkaProperty", name);
            kafkaProperties.put(name, Objects.requireNonNull(value, () -> "kafkaProperty " + name + " has no value"));
            return this;
        }

        /**
         * Extra Kafka client settings, as {@link #kafkaProperty} one by one.
         *
         * @throws IllegalArgumentException naming a {@linkplain KafkaClientProperties#PROTECTED protected} setting
         */
        public Builder clientProperties(Map<String, ?> properties) {
            kafkaProperties.putAll(
                    KafkaClientProperties.of("clientProperties", properties).asMap());
            return this;
        }

        /** Told of every run the worker ends (see {@link RunListener}); default none. */
        public Builder runListener(RunListener runListener) {
            this.runListener = Objects.requireNonNull(runListener, "runListener");
            return this;
        }

        /**
         * Checks the settings and creates the worker; nothing connects to Kafka before {@link CarillonWorker#start()}.
         *
         * @throws IllegalArgumentException naming the setting at fault
         */
        public CarillonWorker build() {
            if (bootstrapServers == null || bootstrapServers.isBlank()) {
                throw new IllegalArgumentException(
                        "bootstrapServers is required: the Kafka bootstrap servers, " + "for example localhost:9092");
            }
            Objects.requireNonNull(catalog, "catalog is required: the topic catalog, e.g. TopicCatalog.defaults()");
            Objects.requireNonNull(clock, "clock must not be null");
            TopicCatalog.requireValidAppName(app);
            if (capacity < 1) {
                throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
            }
            if (maxEarlyRuns < 1) {
                throw new IllegalArgumentException("maxEarlyRuns must be at least 1, was " + maxEarlyRuns);
            }
            requirePositive("heartbeatInterval", heartbeatInterval);
            if (shutdownGrace == null || shutdownGrace.isNegative()) {
                throw new IllegalArgumentException("shutdownGrace must be zero or positive, was " + shutdownGrace);
            }
            if (declaredVersion == null && !(declaredCalendars.isEmpty() && declaredLimits.isEmpty())) {
                throw new IllegalStateException(
                        "declared calendars and limits are published with the app's declarations: call declarations()");
            }
            Declared declared = declaredVersion == null
                    ? null
                    : new Declared(declaredVersion, declaredJobs, declaredWorkflows, declaredCalendars, declaredLimits);
            if (declared != null) {
                declared.requireValid(app, MAX_APP_VERSION_LENGTH);
            }
            String instance = instanceId == null || instanceId.isBlank() ? defaultInstanceId() : instanceId;
            return new CarillonWorker(
                    new WorkerSettings(
                            bootstrapServers,
                            catalog,
                            clock,
                            app,
                            instance,
                            capacity,
                            heartbeatInterval,
                            shutdownGrace,
                            handlers,
                            kafkaProperties,
                            maxEarlyRuns,
                            runListener),
                    declared);
        }

        private static void requirePositive(String name, Duration value) {
            if (value == null || value.isZero() || value.isNegative()) {
                throw new IllegalArgumentException(name + " must be positive, was " + value);
            }
        }

        private static String defaultInstanceId() {
            return hostName() + "-" + ProcessHandle.current().pid();
        }

        private static String hostName() {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (UnknownHostException e) {
                return ManagementFactory.getRuntimeMXBean().getName().replaceFirst("^\\d+@", "");
            }
        }
    }
}
