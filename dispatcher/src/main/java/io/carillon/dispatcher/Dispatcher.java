package io.carillon.dispatcher;

import io.carillon.dispatcher.internal.DispatchLoop;
import io.carillon.dispatcher.internal.DispatcherSettings;
import io.carillon.dispatcher.internal.LoopSupervisor;
import io.carillon.dispatcher.internal.RestartBackOff;
import io.carillon.dispatcher.internal.StatsRecorder;
import io.carillon.topics.KafkaClientProperties;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.offsets.DoneOffsets;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carillon's dispatcher: a member of a consumer group on the {@code fires} topic that holds each fire in a hashed
 * timing wheel until its scheduled instant, routes it by the job's routing strategy to live worker instance(s) from
 * the {@code workers} registry, and produces the trigger(s) to {@code trigger.<app>} (or a NO_WORKER result to
 * {@code results}; or a SKIPPED result when the fire is later than its misfire threshold and the job's misfire policy
 * is DO_NOTHING). Triggers, results, dead letters and the
 * {@code fires} offsets of one loop iteration are committed in one Kafka transaction; a partition's committed offset
 * never passes a fire still held, and fires already dispatched above it are listed in the offset's metadata so that
 * the next owner skips them. Cancel events withdraw held fires; late fires go at once.
 *
 * <p>When its producer or a consumer fails in a way it cannot go on from (an {@code InvalidTxnStateException} after
 * a broker was lost, for example), the dispatcher closes its Kafka clients, giving its partitions and held fires up,
 * and starts again with new ones after {@link LoopSupervisor#FIRST_BACK_OFF}, doubling for each failure in a row up to
 * {@link LoopSupervisor#MAX_BACK_OFF}; it keeps its transactional id, so its new producer fences the old one, and it
 * reads its partitions from the committed offsets, so no fire is lost or dispatched twice. It stops for good when
 * fenced by a newer instance with its transactional id or instance id.
 *
 * <p>Threading: all Kafka clients live on one thread of the dispatcher's own, started by {@link #start()}.
 * {@link #start()}, {@link #close()}, {@link #isRunning()} and {@link #stats()} may be called from any thread.
 * {@link #start()} may be called once; {@link #close()} any number of times, before or after start.
 */
public final class Dispatcher implements AutoCloseable {

    /** The default consumer group is the topic prefix followed by this ({@code carillon.dispatcher}). */
    public static final String DEFAULT_GROUP_SUFFIX = "dispatcher";

    public static final String DEFAULT_TRANSACTIONAL_ID_PREFIX = "carillon-dispatcher-";
    /**
     * Longest wait of one poll of {@code fires} when no held fire is due sooner: a fire still comes in as soon as it
     * is on {@code fires}; this bounds how often an idle dispatcher wakes (and how late it reads worker heartbeats and
     * the results of the runs it tracks), ten times a second.
     */
    public static final Duration DEFAULT_MAX_POLL_WAIT = Duration.ofMillis(100);

    public static final Duration DEFAULT_TRANSACTION_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_CLOSE_TIMEOUT = Duration.ofSeconds(10);
    /** The width of one bucket of the timing wheel that holds fires until due. */
    public static final Duration DEFAULT_TIMER_TICK = Duration.ofMillis(5);
    /**
     * How long before its due instant a fire is routed; the worker starts the run at the due instant. A second and a
     * half: more than the commit, fetch and hand-off take on a loaded machine (hundreds of milliseconds at a thousand
     * fires per instant), and off the whole second by half of one. Fires fall due on whole seconds (cron has second
     * resolution, fixed rates are anchored to the epoch), so with a lead of whole seconds the dispatcher routed the
     * next instant's fires, and the workers took in their triggers, at the very moment the workers started this
     * instant's runs, and the starts waited for the CPU: steady, 1,000 jobs every second, the worker in its own JVM,
     * lateness p90 9.1–16.4 ms and p99 19.1–29.6 ms with a 1 s lead, p90 6.7–6.8 ms and p99 15.0–16.0 ms with 1.5 s.
     */
    public static final Duration DEFAULT_TRIGGER_LEAD = Duration.ofMillis(1_500);
    /**
     * The default of {@link Builder#sessionTimeout}: the smallest a broker allows unless told otherwise
     * ({@code group.min.session.timeout.ms}).
     */
    public static final Duration DEFAULT_SESSION_TIMEOUT = Duration.ofSeconds(6);
    /** The shortest {@link Builder#sessionTimeout}. */
    public static final Duration MIN_SESSION_TIMEOUT = DispatcherSettings.MIN_SESSION_TIMEOUT;
    /** The default of {@link Builder#noWorkerGrace}. */
    public static final Duration DEFAULT_NO_WORKER_GRACE = Duration.ofSeconds(10);
    /** What an {@linkplain Builder#instanceId instance id} may hold: Kafka's characters for ids, at most 200. */
    public static final Pattern INSTANCE_ID = DispatcherSettings.INSTANCE_ID;
    /** The broker's default {@code offset.metadata.max.bytes}. */
    public static final int DEFAULT_OFFSET_METADATA_MAX_BYTES = DoneOffsets.BROKER_DEFAULT_MAX_CHARS;

    private static final Logger log = LoggerFactory.getLogger(Dispatcher.class);

    private final DispatcherSettings settings;
    private final StatsRecorder stats;
    private final Runnable beforeCommit;
    private LoopSupervisor supervisor;
    private Thread thread;
    private boolean closed;

    private Dispatcher(DispatcherSettings settings, MeterRegistry meterRegistry, Runnable beforeCommit) {
        this.settings = settings;
        this.stats = new StatsRecorder(meterRegistry);
        this.beforeCommit = beforeCommit;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Creates the Kafka clients and starts the dispatcher's thread. */
    public synchronized void start() {
        if (closed) {
            throw new IllegalStateException("dispatcher is closed");
        }
        if (supervisor != null) {
            throw new IllegalStateException("dispatcher already started");
        }
        supervisor = new LoopSupervisor(
                settings.transactionalId(),
                newLoop(),
                this::newLoop,
                // the back-off waits real time, whatever clock the fires are timed by
                new RestartBackOff(LoopSupervisor.FIRST_BACK_OFF, LoopSupervisor.MAX_BACK_OFF, Clock.systemUTC()),
                stats::loopRestarted);
        thread = new Thread(supervisor, "carillon-dispatcher");
        thread.setUncaughtExceptionHandler(
                (t, e) -> log.error("dispatcher {} stopped on an error", settings.transactionalId(), e));
        thread.start();
    }

    /** A loop with new Kafka clients (on the caller's thread: the first one's errors of configuration reach start). */
    private DispatchLoop newLoop() {
        return new DispatchLoop(settings, stats, beforeCommit);
    }

    /**
     * Whether the dispatcher's thread is running: true from {@link #start()} until {@link #close()}, also while it
     * starts again with new Kafka clients after an error of the old ones; false before start, after close, and once it
     * stopped for good: fenced by a newer instance with its transactional id or instance id, or on an error that is
     * not a Kafka client's.
     */
    public synchronized boolean isRunning() {
        return thread != null && thread.isAlive();
    }

    /** What the dispatcher has done so far (the same figures also go to the builder's {@code meterRegistry}). */
    public DispatcherStats stats() {
        return stats.snapshot();
    }

    /** The transactional id of this instance's producer. */
    public String transactionalId() {
        return settings.transactionalId();
    }

    /**
     * Stops the loop after its current iteration (a transaction in flight is committed or aborted), leaves the
     * consumer group, closes the clients and waits for the thread to end; a wait before new clients ends at once.
     * A thread blocked on an unreachable broker longer than the close timeout is interrupted. Held fires are dropped:
     * the next owner of their partitions reads them again from the committed offsets.
     */
    @Override
    public void close() {
        Thread running;
        LoopSupervisor stopping;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            if (supervisor == null) {
                return;
            }
            log.info(
                    "dispatcher {} stopping: its transaction in flight commits or aborts, then it leaves its group"
                            + " (up to {} before its thread is interrupted)",
                    settings.transactionalId(),
                    settings.closeTimeout());
            supervisor.stop();
            running = thread;
            stopping = supervisor;
        }
        try {
            running.join(settings.closeTimeout().toMillis());
            if (running.isAlive() && !stopping.isClosingClients()) {
                log.warn(
                        "dispatcher {} did not stop within {}; interrupting it",
                        settings.transactionalId(),
                        settings.closeTimeout());
                running.interrupt();
            }
            running.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Builds a {@link Dispatcher}; {@link #bootstrapServers} and {@link #catalog} are required. Not thread-safe. */
    public static final class Builder {

        private String bootstrapServers;
        private TopicCatalog catalog;
        private Clock clock = Clock.systemUTC();
        private String groupId;
        private String transactionalIdPrefix = DEFAULT_TRANSACTIONAL_ID_PREFIX;
        private String instanceId;
        private Duration maxPollWait = DEFAULT_MAX_POLL_WAIT;
        private Duration transactionTimeout = DEFAULT_TRANSACTION_TIMEOUT;
        private Duration closeTimeout = DEFAULT_CLOSE_TIMEOUT;
        private int offsetMetadataMaxBytes = DEFAULT_OFFSET_METADATA_MAX_BYTES;
        private Duration timerTick = DEFAULT_TIMER_TICK;
        private MeterRegistry meterRegistry;
        private Duration triggerLead = DEFAULT_TRIGGER_LEAD;
        private Duration noWorkerGrace = DEFAULT_NO_WORKER_GRACE;
        private Duration sessionTimeout = DEFAULT_SESSION_TIMEOUT;
        private Runnable beforeCommit = () -> {};
        private final Map<String, Object> clientProperties = new HashMap<>();

        private Builder() {}

        /** Kafka bootstrap servers, comma-separated host:port pairs. Required. */
        public Builder bootstrapServers(String bootstrapServers) {
            this.bootstrapServers = bootstrapServers;
            return this;
        }

        /** The topic names. Required. */
        public Builder catalog(TopicCatalog catalog) {
            this.catalog = catalog;
            return this;
        }

        /** Where time comes from; default the system UTC clock. */
        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /**
         * The consumer group of all dispatcher instances; default the topic prefix followed by
         * {@value #DEFAULT_GROUP_SUFFIX}, so installations with different prefixes never share a group.
         */
        public Builder groupId(String groupId) {
            this.groupId = groupId;
            return this;
        }

        /**
         * Prefix of the producer's transactional id, completed by the {@linkplain #instanceId instance id} or, without
         * one, by a random UUID per instance.
         */
        public Builder transactionalIdPrefix(String transactionalIdPrefix) {
            this.transactionalIdPrefix = transactionalIdPrefix;
            return this;
        }

        /**
         * A name this instance keeps when it is restarted (a StatefulSet pod's name, a Compose service's name); none by
         * default. With one, the instance is a static member of its group ({@code group.instance.id}) and its
         * producer's transactional id is the {@linkplain #transactionalIdPrefix prefix} followed by the name. An
         * instance killed and started again under its name takes its partitions back at once, without waiting for
         * the dead one's session to time out, and its producer fences the dead one's and aborts the transaction it
         * left open, instead of readers waiting for the transaction timeout. An instance that is down and not
         * started again loses its partitions after the session timeout, as without a name; a {@link #close()}d one
         * leaves its group at once. Two running instances must never share a name: the one that joins last fences
         * the other, which stops. Letters, digits, {@code .}, {@code _} and {@code -}, at most 200 characters.
         */
        public Builder instanceId(String instanceId) {
            this.instanceId = instanceId;
            return this;
        }

        /** The longest one poll waits when no fire is due sooner; default 20 ms. */
        public Builder maxPollWait(Duration maxPollWait) {
            this.maxPollWait = maxPollWait;
            return this;
        }

        /** The producer's transaction timeout: how long a dead instance's open transaction blocks readers; 10 s. */
        public Builder transactionTimeout(Duration transactionTimeout) {
            this.transactionTimeout = transactionTimeout;
            return this;
        }

        /** How long closing each Kafka client may take; default 10 s. */
        public Builder closeTimeout(Duration closeTimeout) {
            this.closeTimeout = closeTimeout;
            return this;
        }

        /** The broker's {@code offset.metadata.max.bytes}, bounding the dispatched-offsets list; default 4096. */
        public Builder offsetMetadataMaxBytes(int offsetMetadataMaxBytes) {
            this.offsetMetadataMaxBytes = offsetMetadataMaxBytes;
            return this;
        }

        /**
         * The tick of the hashed timing wheel holding fires until due (at least 1 ms); default 5 ms. Fires leave the
         * wheel at their instant whatever the tick; it only sets how finely the wheel sorts them into buckets (one
         * turn of 2048 buckets spans 10.24 s with the default, the planner's horizon; later fires wait for their
         * round).
         */
        public Builder timerTick(Duration timerTick) {
            this.timerTick = timerTick;
            return this;
        }

        /**
         * How long before a fire's due instant it is routed and its trigger produced; default 1 s, zero to send
         * each trigger at its due instant. Fires released within {@code DispatchEngine.RELEASE_WINDOW} (100 ms, at most
         * the lead) after the first one due leave with it, in one transaction, so a fire leaves between the lead and
         * the lead plus that window before its due instant. The worker holds a trigger that arrives early (without a
         * run slot) and starts the run at its due instant, not before, so the lead hides the transaction commit, the
         * worker's fetch and hand-off. Within the lead a fire counts as dispatched: the routing decision is taken
         * with the registry of that moment, and a cancel that arrives then is sent to the worker as a KILL of the
         * fire's runs, which end KILLED before they start. The misfire threshold stays measured from the due instant.
         */
        public Builder triggerLead(Duration triggerLead) {
            this.triggerLead = triggerLead;
            return this;
        }

        /**
         * How long after its last heartbeat a dead instance loses its {@code fires} partitions, and the fires held
         * there, to the other instances; default 6 s. Fires due meanwhile that it had not routed yet are late by up
         * to this long. A shorter one moves them sooner, and a stalled instance (a long GC pause) loses its partitions
         * sooner too, which costs a rebalance but no fire; it needs the brokers' {@code group.min.session.timeout.ms}
         * (6 s unless set) at most as long, else the group refuses the instance. Heartbeats go every sixth of it. At
         * least 1 s. A {@code session.timeout.ms} {@link #clientProperty} wins over it.
         */
        public Builder sessionTimeout(Duration sessionTimeout) {
            this.sessionTimeout = sessionTimeout;
            return this;
        }

        /**
         * How long a fire that no live worker can take waits for one before it ends NO_WORKER, counted from its first
         * try; default 10 s, zero to answer NO_WORKER at once. It covers a worker that restarts (a deploy of a
         * single instance) or starts after the dispatcher (a restart of the whole installation), whose fires would
         * otherwise end NO_WORKER in the seconds before its first heartbeat. A waiting fire is asked about again
         * every 200 ms, is still subject to its misfire policy when a worker comes, and counts as held.
         */
        public Builder noWorkerGrace(Duration noWorkerGrace) {
            this.noWorkerGrace = noWorkerGrace;
            return this;
        }

        /**
         * Where the dispatcher's meters go: {@code carillon.dispatch.lateness} (timer per {@code app}: how long after
         * its due instant each trigger was produced), the counters {@code carillon.dispatch.dispatched},
         * {@code carillon.dispatch.no.worker}, {@code carillon.dispatch.misfire.skipped} (per {@code app}),
         * {@code carillon.dispatch.transactions}, {@code carillon.dispatch.restarts} (loops started again with new Kafka
         * clients) and {@code carillon.dead.letters} (tags {@code component},
         * {@code topic}), and the gauges {@code carillon.dispatch.held.fires} and
         * {@code carillon.dispatch.assigned.partitions}. Default: none kept (an empty composite registry);
         * {@link Dispatcher#stats()} works either way.
         */
        public Builder meterRegistry(MeterRegistry meterRegistry) {
            this.meterRegistry = meterRegistry;
            return this;
        }

        /**
         * An extra Kafka client property (security, timeouts) given to every client of the dispatcher. The group
         * consumer's {@code session.timeout.ms} and {@code heartbeat.interval.ms} come from {@link #sessionTimeout}
         * and can be set here too. The transaction timeout has its own setting.
         *
         * @throws IllegalArgumentException for a {@linkplain KafkaClientProperties#PROTECTED protected} property
         *                                  (group, isolation, commit, idempotence and transaction settings)
         */
        public Builder clientProperty(String name, Object value) {
            KafkaClientProperties.requireAllowed("clientProperty", name);
            clientProperties.put(name, Objects.requireNonNull(value, () -> "clientProperty " + name + " has no value"));
            return this;
        }

        /**
         * Extra Kafka client properties, as {@link #clientProperty} one by one.
         *
         * @throws IllegalArgumentException naming a {@linkplain KafkaClientProperties#PROTECTED protected} property
         */
        public Builder clientProperties(Map<String, ?> properties) {
            clientProperties.putAll(
                    KafkaClientProperties.of("clientProperties", properties).asMap());
            return this;
        }

        /**
         * Runs {@code beforeCommit} on the dispatcher's thread after each transaction's records and offsets are sent and
         * before it commits; for tests that hold a transaction open past its timeout.
         */
        Builder beforeCommit(Runnable beforeCommit) {
            this.beforeCommit = Objects.requireNonNull(beforeCommit, "beforeCommit");
            return this;
        }

        /** Checks the settings and builds a dispatcher, not yet started. */
        public Dispatcher build() {
            Objects.requireNonNull(catalog, "catalog is required");
            String group = groupId != null ? groupId : catalog.prefix() + DEFAULT_GROUP_SUFFIX;
            Objects.requireNonNull(transactionalIdPrefix, "transactionalIdPrefix is required");
            return new Dispatcher(
                    new DispatcherSettings(
                            bootstrapServers,
                            catalog,
                            clock,
                            group,
                            transactionalIdPrefix + (instanceId != null ? instanceId : UUID.randomUUID()),
                            instanceId,
                            maxPollWait,
                            transactionTimeout,
                            closeTimeout,
                            offsetMetadataMaxBytes,
                            timerTick,
                            triggerLead,
                            noWorkerGrace,
                            sessionTimeout,
                            KafkaClientProperties.of("clientProperties", clientProperties)),
                    meterRegistry != null ? meterRegistry : new CompositeMeterRegistry(),
                    beforeCommit);
        }
    }
}
