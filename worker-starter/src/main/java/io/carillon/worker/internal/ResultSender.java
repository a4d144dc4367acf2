package io.carillon.worker.internal;

import io.carillon.topics.events.RunResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
 * run): {@link #submit} only queues. The sender wakes at once when something is queued and takes everything queued by
 * then, in submission order, so a run's results keep their order (STARTED, PROGRESS, terminal).
 *
 * <p><b>Coalescing.</b> A STARTED is held back for the sender's hold ({@link StartedHold}, {@link #STARTED_HOLD} for
 * the worker's results) and left out when its run's terminal result comes within it: the terminal result carries
 * {@code startedAt} and everything else STARTED says, and every consumer of {@code results} treats a terminal result
 * without a STARTED before it as the run's start and end (the planner keeps the run open from its claim, the console
 * stores the row with its {@code startedAt}, the dispatcher's BUSYOVER bookkeeping reads terminal results only). So a
 * run shorter than the hold costs one record instead of two, and a longer one shows as started that much later. A
 * PROGRESS hands its run's STARTED over first; {@link #awaitHandedOver} and {@link #close} hand over every STARTED
 * held.
 *
 * <p>Thread-safe. The queue is unbounded: results are bounded by the runs taken (two and a throttled few PROGRESS per
 * run), and a sender blocked by Kafka (the producer's {@code max.block.ms}) does not block the runs.
 */
final class ResultSender {

    /**
     * How long the worker's sender holds a STARTED back: longer than most runs of a busy scheduler's short jobs
     * take, short against the seconds a user watches a run for.
     */
    static final Duration STARTED_HOLD = Duration.ofMillis(100);

    private final Consumer<RunResult> send;
    private final StartedHold hold;
    private final AtomicBoolean flushRequested = new AtomicBoolean();
    private final Queue<RunResult> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean idle = new AtomicBoolean();
    private final AtomicLong submitted = new AtomicLong();
    private final Object handOver = new Object();
    private final Thread thread;
    private long handedOver;
    private volatile boolean closing;

    /**
     * A sender whose thread comes from {@code threads} and hands each result to {@code send}, which must not throw
     * (an exception would end the thread): it logs what it could not send. Each STARTED is held back for
     * {@code startedHold} (zero: only while it waits in the queue).
     */
    ResultSender(ThreadFactory threads, Consumer<RunResult> send, Duration startedHold) {
        this.send = send;
        this.hold = new StartedHold(startedHold);
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
     * by coalescing), handing over every STARTED held; returns whether it was.
     */
    boolean awaitHandedOver(Duration timeout) throws InterruptedException {
        long target = submitted.get();
        flushRequested.set(true);
        LockSupport.unpark(thread);
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
    synchronized long coalescedCount() {
        return hold.leftOut();
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
            if (queue.isEmpty() && !closing && !flushRequested.get()) {
                long wait = nanosToNextRelease();
                if (wait < 0) {
                    LockSupport.park(this);
                } else if (wait > 0) {
                    LockSupport.parkNanos(this, wait);
                }
            }
            idle.set(false);
        }
    }

    private synchronized long nanosToNextRelease() {
        return hold.nanosToNextRelease(System.nanoTime());
    }

    /**
     * Hands over everything queued now and the STARTED results due (all of them when closing or asked to flush);
     * returns whether there was anything. Called by one thread at a time.
     */
    private synchronized boolean drainOnce() {
        long now = System.nanoTime();
        long leftOutBefore = hold.leftOut();
        List<RunResult> out = new ArrayList<>();
        int taken = 0;
        for (RunResult result = queue.poll(); result != null; result = queue.poll()) {
            hold.take(result, now, out);
            taken++;
        }
        if (closing || flushRequested.getAndSet(false)) {
            hold.releaseAll(out);
        } else {
            hold.releaseDue(now, out);
        }
        if (taken == 0 && out.isEmpty()) {
            return false;
        }
        out.forEach(send);
        synchronized (handOver) {
            handedOver += out.size() + hold.leftOut() - leftOutBefore;
            handOver.notifyAll();
        }
        return true;
    }
}
