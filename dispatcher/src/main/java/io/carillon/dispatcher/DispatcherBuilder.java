package io.carillon.dispatcher;

import io.carillon.dispatcher.internal.DispatcherNames;
import io.carillon.dispatcher.internal.DispatcherSettings;
import io.carillon.topics.KafkaClientProperties;
import io.carillon.topics.TopicCatalog;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The settings of a {@link Dispatcher} and their defaults, set through its one subclass {@link Dispatcher.Builder}
 * (whose name users write): each setter returns that builder. Not thread-safe.
 */
abstract sealed class DispatcherBuilder permits Dispatcher.Builder {

    private String bootstrapServers;
    private TopicCatalog catalog;
    private Clock clock = Clock.systemUTC();
    private String groupId;
    private String transactionalIdPrefix = Dispatcher.DEFAULT_TRANSACTIONAL_ID_PREFIX;
    private String instanceId;
    private Duration maxPollWait = Dispatcher.DEFAULT_MAX_POLL_WAIT;
    private Duration transactionTimeout = Dispatcher.DEFAULT_TRANSACTION_TIMEOUT;
    private Duration closeTimeout = Dispatcher.DEFAULT_CLOSE_TIMEOUT;
    private int offsetMetadataMaxBytes = Dispatcher.DEFAULT_OFFSET_METADATA_MAX_BYTES;
    private Duration timerTick = Dispatcher.DEFAULT_TIMER_TICK;
    private MeterRegistry meterRegistry;
    private Duration triggerLead = Dispatcher.DEFAULT_TRIGGER_LEAD;
    private Duration noWorkerGrace = Dispatcher.DEFAULT_NO_WORKER_GRACE;
    private Duration sessionTimeout = Dispatcher.DEFAULT_SESSION_TIMEOUT;
    private Runnable beforeCommit = () -> {};
    private final Map<String, Object> clientProperties = new HashMap<>();

    DispatcherBuilder() {}

    /** Kafka bootstrap servers, comma-separated host:port pairs. Required. */
    public Dispatcher.Builder bootstrapServers(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
        return self();
    }

    /** The topic names. Required. */
    public Dispatcher.Builder catalog(TopicCatalog catalog) {
        this.catalog = catalog;
        return self();
    }

    /** Where time comes from; default the system UTC clock. */
    public Dispatcher.Builder clock(Clock clock) {
        this.clock = clock;
        return self();
    }

    /**
     * The consumer group of all dispatcher instances; default the topic prefix followed by
     * {@value Dispatcher#DEFAULT_GROUP_SUFFIX}, so installations with different prefixes never share a group.
     */
    public Dispatcher.Builder groupId(String groupId) {
        this.groupId = groupId;
        return self();
    }

    /**
     * Prefix of the producer's transactional id, completed by the {@linkplain #instanceId instance id} or, without
     * one, by a random UUID per instance.
     */
    public Dispatcher.Builder transactionalIdPrefix(String transactionalIdPrefix) {
        this.transactionalIdPrefix = transactionalIdPrefix;
        return self();
    }

    /**
     * A name this instance keeps when it is restarted (a StatefulSet pod's name, a Compose service's name); none by
     * default. With one, the instance is a static member of its group ({@code group.instance.id}) and its
     * producer's transactional id is the {@linkplain #transactionalIdPrefix prefix} followed by the name. An
     * instance killed and started again under its name takes its partitions back at once, without waiting for
     * the dead one's session to time out, and its producer fences the dead one's and aborts the transaction it
     * left open, instead of readers waiting for the transaction timeout. An instance that is down and not
     * started again loses its partitions after the session timeout, as without a name; a
     * {@link Dispatcher#close()}d one leaves its group at once. Two running instances must never share a name: the
     * one that joins last fences the other, which stops. Letters, digits, {@code .}, {@code _} and {@code -}, at most
     * 200 characters.
     */
    public Dispatcher.Builder instanceId(String instanceId) {
        this.instanceId = instanceId;
        return self();
    }

    /** The longest one poll waits when no fire is due sooner; default {@link Dispatcher#DEFAULT_MAX_POLL_WAIT}. */
    public Dispatcher.Builder maxPollWait(Duration maxPollWait) {
        this.maxPollWait = maxPollWait;
        return self();
    }

    /**
     * The producer's transaction timeout: how long a dead or frozen instance's open transaction blocks readers;
     * {@link Dispatcher#DEFAULT_TRANSACTION_TIMEOUT} (6 s, the default session).
     */
    public Dispatcher.Builder transactionTimeout(Duration transactionTimeout) {
        this.transactionTimeout = transactionTimeout;
        return self();
    }

    /** How long closing each Kafka client may take; default 10 s. */
    public Dispatcher.Builder closeTimeout(Duration closeTimeout) {
        this.closeTimeout = closeTimeout;
        return self();
    }

    /** The broker's {@code offset.metadata.max.bytes}, bounding the dispatched-offsets list; default 4096. */
    public Dispatcher.Builder offsetMetadataMaxBytes(int offsetMetadataMaxBytes) {
        this.offsetMetadataMaxBytes = offsetMetadataMaxBytes;
        return self();
    }

    /**
     * The tick of the hashed timing wheel holding fires until due (at least 1 ms); default 5 ms. Fires leave the
     * wheel at their instant whatever the tick; it only sets how finely the wheel sorts them into buckets (one
     * turn of 2048 buckets spans 10.24 s with the default, the planner's horizon; later fires wait for their
     * round).
     */
    public Dispatcher.Builder timerTick(Duration timerTick) {
        this.timerTick = timerTick;
        return self();
    }

    /**
     * How long before a fire's due instant it is routed and its trigger produced; default 1.5 s, zero to send
     * each trigger at its due instant. Fires released within {@code DispatchEngine.RELEASE_WINDOW} (100 ms, at most
     * the lead) after the first one due leave with it, in one transaction, so a fire leaves between the lead and
     * the lead plus that window before its due instant. The worker holds a trigger that arrives early (without a
     * run slot) and starts the run at its due instant, not before, so the lead hides the transaction commit, the
     * worker's fetch and hand-off. Within the lead a fire counts as dispatched: the routing decision is taken
     * with the registry of that moment, and a cancel that arrives then is sent to the worker as a KILL of the
     * fire's runs, which end KILLED before they start. The misfire threshold stays measured from the due instant.
     */
    public Dispatcher.Builder triggerLead(Duration triggerLead) {
        this.triggerLead = triggerLead;
        return self();
    }

    /**
     * How long after its last heartbeat a dead instance loses its {@code fires} partitions, and the fires held
     * there, to the other instances; default 6 s. Fires due meanwhile that it had not routed yet are late by up
     * to this long. A shorter one moves them sooner, and a stalled instance (a long GC pause) loses its partitions
     * sooner too, which costs a rebalance but no fire; it needs the brokers' {@code group.min.session.timeout.ms}
     * (6 s unless set) at most as long, else the group refuses the instance. Heartbeats go every sixth of it. At
     * least 1 s. A {@code session.timeout.ms} {@link #clientProperty} wins over it.
     */
    public Dispatcher.Builder sessionTimeout(Duration sessionTimeout) {
        this.sessionTimeout = sessionTimeout;
        return self();
    }

    /**
     * How long a fire that no live worker can take waits for one before it ends NO_WORKER, counted from its first
     * try; default 10 s, zero to answer NO_WORKER at once. It covers a worker that restarts (a deploy of a
     * single instance) or starts after the dispatcher (a restart of the whole installation), whose fires would
     * otherwise end NO_WORKER in the seconds before its first heartbeat. A waiting fire is asked about again
     * every 200 ms, is still subject to its misfire policy when a worker comes, and counts as held.
     */
    public Dispatcher.Builder noWorkerGrace(Duration noWorkerGrace) {
        this.noWorkerGrace = noWorkerGrace;
        return self();
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
    public Dispatcher.Builder meterRegistry(MeterRegistry meterRegistry) {
        this.meterRegistry = meterRegistry;
        return self();
    }

    /**
     * An extra Kafka client property (security, timeouts) given to every client of the dispatcher. The group
     * consumer's {@code session.timeout.ms} and {@code heartbeat.interval.ms} come from {@link #sessionTimeout}
     * and can be set here too. The transaction timeout has its own setting.
     *
     * @throws IllegalArgumentException for a {@linkplain KafkaClientProperties#PROTECTED protected} property
     *                                  (group, isolation, commit, idempotence and transaction settings)
     */
    public Dispatcher.Builder clientProperty(String name, Object value) {
        KafkaClientProperties.requireAllowed("clientProperty", name);
        clientProperties.put(name, Objects.requireNonNull(value, () -> "clientProperty " + name + " has no value"));
        return self();
    }

    /**
     * Extra Kafka client properties, as {@link #clientProperty} one by one.
     *
     * @throws IllegalArgumentException naming a {@linkplain KafkaClientProperties#PROTECTED protected} property
     */
    public Dispatcher.Builder clientProperties(Map<String, ?> properties) {
        clientProperties.putAll(
                KafkaClientProperties.of("clientProperties", properties).asMap());
        return self();
    }

    /**
     * Runs {@code beforeCommit} on the dispatcher's thread after each transaction's records and offsets are sent and
     * before it commits; for tests that hold a transaction open past its timeout.
     */
    Dispatcher.Builder beforeCommit(Runnable beforeCommit) {
        this.beforeCommit = Objects.requireNonNull(beforeCommit, "beforeCommit");
        return self();
    }

    /** Checks the settings and builds a dispatcher, not yet started. */
    public Dispatcher build() {
        DispatcherNames names = DispatcherNames.of(catalog, groupId, transactionalIdPrefix, instanceId);
        return new Dispatcher(
                new DispatcherSettings(
                        bootstrapServers,
                        catalog,
                        clock,
                        names.groupId(),
                        names.transactionalId(),
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

    private Dispatcher.Builder self() {
        return (Dispatcher.Builder) this;
    }
}
