package io.carillon.dispatcher;

import io.carillon.dispatcher.internal.DispatchLoop;
import io.carillon.dispatcher.internal.DispatcherSettings;
import io.carillon.dispatcher.internal.LoopSupervisor;
import io.carillon.dispatcher.internal.RestartBackOff;
import io.carillon.dispatcher.internal.StatsRecorder;
import io.carillon.topics.offsets.DoneOffsets;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
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

    /**
     * The default of {@link Builder#transactionTimeout}: the default session timeout. A dispatcher frozen (a long GC
     * pause, a stalled VM) or cut off inside a transaction holds the readers of what it wrote, and the committed offsets
     * of its partitions, until the transaction coordinator aborts that transaction; no longer than the session, the
     * abort comes by the time the other dispatchers take its partitions over, so they read them at once.
     */
    public static final Duration DEFAULT_TRANSACTION_TIMEOUT = Duration.ofSeconds(6);

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

    Dispatcher(DispatcherSettings settings, MeterRegistry meterRegistry, Runnable beforeCommit) {
        this.settings = settings;
        this.stats = new StatsRecorder(meterRegistry);
        this.beforeCommit = beforeCommit;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Builds a {@link Dispatcher}; {@link #bootstrapServers} and {@link #catalog} are required. Each setter names its
     * setting's default. Not thread-safe.
     */
    public static final class Builder extends DispatcherBuilder {

        private Builder() {}
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
}
