package io.carillon.worker.internal;

import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Hands the worker's results to Kafka from one thread of its own, so that the thread of a run does not serialize and
 * send its STARTED report before the handler is invoked (nor its terminal result before the slot goes to the next
 * run): {@link #submit} only queues. The sender wakes at once when something is queued (nothing is held back to wait
 * for company) and takes everything queued by then, in submission order, so results keep the order in which they
 * were submitted (per run: STARTED, PROGRESS, terminal).
 *
 * <p><b>Coalescing.</b> Among the results taken together, a STARTED whose run's next result is terminal is left out:
 * the terminal result carries {@code startedAt} and everything else STARTED says, and every consumer of
 * {@code results} treats a terminal result without a STARTED before it as the run's start and end (the planner
 * opens no run to watch, the console stores the row with its {@code startedAt}, the dispatcher's BUSYOVER bookkeeping
 * reads terminal results only). So a fast run, whose handler returned before its STARTED left the queue, costs one
 * record instead of two. A STARTED followed by PROGRESS is kept; nothing is ever dropped that was alone in the queue.
 *
 * <p>Thread-safe. The queue is unbounded: results are bounded by the runs taken (two and a throttled few PROGRESS per
 * run), and a sender blocked by Kafka (the producer's {@code max.block.ms}) does not block the runs.
 */
final class ResultSender {

    private final Consumer<RunResult> send;
    private final Queue<RunResult> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean idle = new AtomicBoolean();
    private final AtomicLong submitted = new AtomicLong();
    private final Object handOver = new Object();
    private final Thread thread;
    private long handedOver;
    private long coalesced;
    private volatile boolean closing;

    /**
     * A sender whose thread comes from {@code threads} and hands each result to {@code send}, which must not throw
     * (an exception would end the thread): it logs what it could not send.
     */
    ResultSender(ThreadFactory threads, Consumer<RunResult> send) {
        this.send = send;
        this.thread = threads.newThread(this::loop);
        thread.start();
    }

    /**
     * Queues {@code result}; returns at once. After {@link #close} began, the caller hands the queue over itself,
     * after what the sender's thread took, so the order holds.
     */
    void submit(RunResult result) {
        submitted.incrementAndGet();
        queue.add(result);
        if (closing) {
            drainOnce();
        } else if (idle.get() && idle.compareAndSet(true, false)) {
            LockSupport.unpark(thread);
        }
    }

    /**
     * Waits at most {@code timeout} until every result submitted before this call has been handed over (or left out
     * by coalescing); returns whether it was.
     */
    boolean awaitHandedOver(Duration timeout) throws InterruptedException {
        long target = submitted.get();
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (handOver) {
            while (handedOver < target) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(handOver, left);
            }
            return true;
        }
    }

    /** How many STARTED results were left out because their run's terminal result was queued with them. */
    long coalescedCount() {
        synchronized (handOver) {
            return coalesced;
        }
    }

    /**
     * Hands over what is queued, waiting at most {@code timeout} for the thread to end, and stops the thread;
     * results submitted later are handed over on the submitting thread.
     */
    void close(Duration timeout) {
        closing = true;
        LockSupport.unpark(thread);
        try {
            thread.join(Math.max(1, timeout.toMillis()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        drainOnce();
    }

    private void loop() {
        while (true) {
            if (drainOnce()) {
                continue;
            }
            if (closing) {
                return;
            }
            idle.set(true);
            if (queue.isEmpty() && !closing) {
                LockSupport.park(this);
            }
            idle.set(false);
        }
    }

    /** Hands over everything queued now; returns whether there was anything. Called by one thread at a time. */
    private synchronized boolean drainOnce() {
        List<RunResult> batch = new ArrayList<>();
        for (RunResult result = queue.poll(); result != null; result = queue.poll()) {
            batch.add(result);
        }
        if (batch.isEmpty()) {
            return false;
        }
        List<RunResult> kept = coalesce(batch);
        kept.forEach(send);
        synchronized (handOver) {
            handedOver += batch.size();
            coalesced += batch.size() - kept.size();
            handOver.notifyAll();
        }
        return true;
    }

    /**
     * {@code batch} without each STARTED whose run's next result in the batch is terminal; otherwise in order.
     * Stateless.
     */
    static List<RunResult> coalesce(List<RunResult> batch) {
        Map<String, Integer> startedAt = new HashMap<>();
        boolean[] leftOut = new boolean[batch.size()];
        for (int i = 0; i < batch.size(); i++) {
            RunResult result = batch.get(i);
            if (result.status() == RunStatus.STARTED) {
                startedAt.put(result.runId(), i);
                continue;
            }
            Integer started = startedAt.remove(result.runId());
            if (started != null && result.status().isTerminal()) {
                leftOut[started] = true;
            }
        }
        List<RunResult> kept = new ArrayList<>(batch.size());
        for (int i = 0; i < batch.size(); i++) {
            if (!leftOut[i]) {
                kept.add(batch.get(i));
            }
        }
        return kept;
    }
}
