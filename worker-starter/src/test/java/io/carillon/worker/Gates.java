package io.carillon.worker;

import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;

/**
 * Handlers that block until the test opens the gate named by the run's params, and a log of what they did
 * ({@code start a}, {@code interrupted a}, {@code end a}) in the order it happened. Thread-safe.
 */
public final class Gates {

    private final Map<String, CountDownLatch> gates = new ConcurrentHashMap<>();
    private final Queue<String> events = new ConcurrentLinkedQueue<>();

    /** Waits for its gate, answering interruption by ending (FAILED, unless the run was stopped first). */
    public Object hold(JobContext context) throws InterruptedException {
        String name = context.params();
        events.add("start " + name);
        try {
            gate(name).await();
            return name;
        } catch (InterruptedException e) {
            events.add("interrupted " + name);
            throw e;
        } finally {
            events.add("end " + name);
        }
    }

    /** Waits for its gate and ignores interruption, as a badly written handler does. */
    public Object stubborn(JobContext context) {
        String name = context.params();
        events.add("start " + name);
        boolean interrupted = false;
        while (gate(name).getCount() > 0) {
            try {
                gate(name).await();
            } catch (InterruptedException ignored) {
                interrupted = true;
            }
        }
        events.add((interrupted ? "end after ignoring an interrupt " : "end ") + name);
        return name;
    }

    public void open(String name) {
        gate(name).countDown();
    }

    public void openAll() {
        gates.values().forEach(CountDownLatch::countDown);
    }

    public boolean saw(String event) {
        return events.contains(event);
    }

    public List<String> events() {
        return List.copyOf(events);
    }

    private CountDownLatch gate(String name) {
        return gates.computeIfAbsent(name, key -> new CountDownLatch(1));
    }
}
