package io.carillon.dispatcher.internal;

import io.carillon.dispatcher.DispatcherStats;
import io.carillon.dispatcher.DispatcherStats.AppStats;
import io.carillon.topics.metrics.DeadLetterMeter;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Collects the dispatcher's counters, both as a {@link DispatcherStats} snapshot and as Micrometer meters:
 * <ul>
 * <li>{@value #LATENESS} (timer, tag {@code app}): how long after its due instant each trigger was produced (0 for a
 * trigger sent ahead of it, within the trigger lead), with a percentile histogram (buckets from
 * {@link #LATENESS_MIN} to {@link #LATENESS_MAX}) from which Prometheus computes p50, p99;</li>
 * <li>{@value #DISPATCHED}, {@value #NO_WORKER}, {@value #MISFIRE_SKIPPED} (counters, tag {@code app}): triggers
 * produced, fires answered NO_WORKER, fires answered SKIPPED by the misfire rule;</li>
 * <li>{@link DeadLetterMeter#DEAD_LETTERS} (counter, tags {@code component=dispatcher} and {@code topic}): records
 * sent to the dlq;</li>
 * <li>{@value #TRANSACTIONS} (counter): Kafka transactions committed (each writes a marker to every partition it
 * touched, and the {@code fires} offsets);</li>
 * <li>{@value #RESTARTS} (counter): loops started again with new Kafka clients after an error of the old ones
 * ({@link LoopSupervisor});</li>
 * <li>{@value #HELD_FIRES}, {@value #ASSIGNED_PARTITIONS} (gauges);</li>
 * <li>{@value #WORKERS_OUT_OF_STEP} (gauge): worker instances whose clock is more than 2 s off this dispatcher's.</li>
 * <li>{@value #PLANNERS_OUT_OF_STEP} (gauge): partitions of {@code fires} this dispatcher reads whose planner's clock,
 * judged from the timestamps of its records, is more than 2 s off this dispatcher's.</li>
 * </ul>
 * Written by the dispatcher's thread, read from any thread.
 */
public final class StatsRecorder {

    public static final String LATENESS = "carillon.dispatch.lateness";
    public static final String DISPATCHED = "carillon.dispatch.dispatched";
    public static final String NO_WORKER = "carillon.dispatch.no.worker";
    public static final String MISFIRE_SKIPPED = "carillon.dispatch.misfire.skipped";
    public static final String TRANSACTIONS = "carillon.dispatch.transactions";
    public static final String RESTARTS = "carillon.dispatch.restarts";
    public static final String HELD_FIRES = "carillon.dispatch.held.fires";
    public static final String ASSIGNED_PARTITIONS = "carillon.dispatch.assigned.partitions";
    public static final String WORKERS_OUT_OF_STEP = "carillon.dispatch.workers.out.of.step";
    public static final String PLANNERS_OUT_OF_STEP = "carillon.dispatch.planners.out.of.step";
    public static final String APP_TAG = "app";
    /** The smallest lateness bucket of the histogram: below it a fire counts as on time. */
    public static final Duration LATENESS_MIN = Duration.ofMillis(1);
    /** The largest lateness bucket: later fires all count as later than this. */
    public static final Duration LATENESS_MAX = Duration.ofMinutes(5);

    private record AppMeters(Timer lateness, Counter dispatched, Counter noWorker, Counter skipped) {}

    private final MeterRegistry registry;
    private final Map<String, AppStats> apps = new ConcurrentHashMap<>();
    private final Map<String, AppMeters> meters = new ConcurrentHashMap<>();
    private final AtomicInteger assignedPartitions = new AtomicInteger();
    private final AtomicInteger heldFires = new AtomicInteger();
    private final AtomicInteger workersOutOfStep = new AtomicInteger();
    private final AtomicInteger plannersOutOfStep = new AtomicInteger();
    private final AtomicLong deadLetters = new AtomicLong();
    private final DeadLetterMeter deadLetterMeter;
    private final AtomicLong transactions = new AtomicLong();
    private final Counter transactionCounter;
    private final Counter restartCounter;

    /** A recorder whose meters go nowhere (an empty composite registry). */
    public StatsRecorder() {
        this(new CompositeMeterRegistry());
    }

    /** A recorder that registers its meters in {@code registry}. */
    public StatsRecorder(MeterRegistry registry) {
        this.registry = registry;
        this.deadLetterMeter = new DeadLetterMeter(registry);
        this.transactionCounter = Counter.builder(TRANSACTIONS)
                .description("Kafka transactions the dispatcher committed")
                .register(registry);
        this.restartCounter = Counter.builder(RESTARTS)
                .description("loops the dispatcher started again with new Kafka clients after an error of the old ones")
                .register(registry);
        Gauge.builder(HELD_FIRES, heldFires, AtomicInteger::get)
                .description("fires held until due at the end of the last loop iteration")
                .register(registry);
        Gauge.builder(ASSIGNED_PARTITIONS, assignedPartitions, AtomicInteger::get)
                .description("partitions of the fires topic this dispatcher owns")
                .register(registry);
        Gauge.builder(WORKERS_OUT_OF_STEP, workersOutOfStep, AtomicInteger::get)
                .description("worker instances whose clock is more than 2 s off this dispatcher's")
                .register(registry);
        Gauge.builder(PLANNERS_OUT_OF_STEP, plannersOutOfStep, AtomicInteger::get)
                .description("fires partitions read whose planner's clock is more than 2 s off this dispatcher's")
                .register(registry);
    }

    public void dispatched(String app, Duration lateness) {
        apps.merge(
                app,
                AppStats.ZERO.plusDispatched(lateness.toMillis()),
                (current, ignored) -> current.plusDispatched(lateness.toMillis()));
        AppMeters appMeters = meters(app);
        appMeters.dispatched().increment();
        appMeters.lateness().record(lateness);
    }

    public void noWorker(String app) {
        apps.merge(app, AppStats.ZERO.plusNoWorker(), (current, ignored) -> current.plusNoWorker());
        meters(app).noWorker().increment();
    }

    public void skipped(String app) {
        apps.merge(app, AppStats.ZERO.plusSkipped(), (current, ignored) -> current.plusSkipped());
        meters(app).skipped().increment();
    }

    /** Counts a record of {@code topic} sent to the dlq. */
    public void deadLetter(String topic) {
        deadLetters.incrementAndGet();
        deadLetterMeter.record(DeadLetters.COMPONENT, topic);
    }

    public void transactionCommitted() {
        transactions.incrementAndGet();
        transactionCounter.increment();
    }

    /** Counts a loop started again with new Kafka clients. */
    public void loopRestarted() {
        restartCounter.increment();
    }

    public void assignedPartitions(int count) {
        assignedPartitions.set(count);
    }

    public void plannersOutOfStep(int count) {
        plannersOutOfStep.set(count);
    }

    public void workersOutOfStep(int count) {
        workersOutOfStep.set(count);
    }

    public void heldFires(int count) {
        heldFires.set(count);
    }

    public DispatcherStats snapshot() {
        return new DispatcherStats(
                Map.copyOf(apps), assignedPartitions.get(), heldFires.get(), deadLetters.get(), transactions.get());
    }

    /** The app's meters; a plain lookup once registered, so recording a fire allocates nothing here. */
    private AppMeters meters(String app) {
        AppMeters registered = meters.get(app);
        return registered != null ? registered : meters.computeIfAbsent(app, this::register);
    }

    private AppMeters register(String app) {
        return new AppMeters(
                Timer.builder(LATENESS)
                        .tag(APP_TAG, app)
                        .publishPercentileHistogram()
                        .minimumExpectedValue(LATENESS_MIN)
                        .maximumExpectedValue(LATENESS_MAX)
                        .description("how long after its due instant a trigger was produced")
                        .register(registry),
                Counter.builder(DISPATCHED)
                        .tag(APP_TAG, app)
                        .description("triggers produced")
                        .register(registry),
                Counter.builder(NO_WORKER)
                        .tag(APP_TAG, app)
                        .description("fires answered NO_WORKER: no live instance could take them")
                        .register(registry),
                Counter.builder(MISFIRE_SKIPPED)
                        .tag(APP_TAG, app)
                        .description("fires answered SKIPPED: later than their misfire threshold, policy DO_NOTHING")
                        .register(registry));
    }
}
