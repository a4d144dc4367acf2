package io.carillon.dispatcher.internal;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.carillon.dispatcher.DispatcherStats;
import io.carillon.dispatcher.DispatcherStats.AppStats;

/** Collects the dispatcher's counters. Written by the dispatcher's thread, read from any thread. */
public final class StatsRecorder {

    private final Map<String, AppStats> apps = new ConcurrentHashMap<>();
    private final AtomicInteger assignedPartitions = new AtomicInteger();
    private final AtomicInteger heldFires = new AtomicInteger();
    private final AtomicLong deadLetters = new AtomicLong();

    public void dispatched(String app, Duration lateness) {
        apps.merge(app, AppStats.ZERO.plusDispatched(lateness.toMillis()),
                (current, ignored) -> current.plusDispatched(lateness.toMillis()));
    }

    public void noWorker(String app) {
        apps.merge(app, AppStats.ZERO.plusNoWorker(), (current, ignored) -> current.plusNoWorker());
    }

    public void skipped(String app) {
        apps.merge(app, AppStats.ZERO.plusSkipped(), (current, ignored) -> current.plusSkipped());
    }

    public void deadLetter() {
        deadLetters.incrementAndGet();
    }

    public void assignedPartitions(int count) {
        assignedPartitions.set(count);
    }

    public void heldFires(int count) {
        heldFires.set(count);
    }

    public DispatcherStats snapshot() {
        return new DispatcherStats(Map.copyOf(apps), assignedPartitions.get(), heldFires.get(), deadLetters.get());
    }
}
