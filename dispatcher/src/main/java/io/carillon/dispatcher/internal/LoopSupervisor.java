package io.carillon.dispatcher.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.FencedInstanceIdException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the dispatcher's loop and, when it ends on an error of its Kafka clients, starts a new one with new clients
 * after a {@link RestartBackOff}. A loop closes its clients whenever it ends (leaving the consumer group, dropping
 * the fires it held: they are read again from the committed {@code fires} offsets by whoever owns their partitions
 * next); the new loop's producer has the same transactional id, so its {@code initTransactions} fences what is left
 * of the old one's epoch.
 *
 * <p>A fence stops for good: a {@link ProducerFencedException} (a producer with the same transactional id started
 * after this one) or a {@link FencedInstanceIdException} (a member with the same instance id joined the group) means
 * a newer instance took over, and starting again would fence it in turn. So does an error that is not a
 * {@link KafkaException}, which propagates out of {@link #run()}.
 *
 * <p>Threading: {@link #run()} on exactly one thread; {@link #stop()} and {@link #isClosingClients()} from any thread.
 */
public final class LoopSupervisor implements Runnable {

    /** The wait before the first new loop after a failure. */
    public static final Duration FIRST_BACK_OFF = Duration.ofSeconds(1);
    /** The longest wait before a new loop: each failure in a row doubles the wait up to this. */
    public static final Duration MAX_BACK_OFF = Duration.ofSeconds(30);
    /** How many exceptions of a failure's chain of causes the log line names. */
    static final int MAX_CAUSES_LOGGED = 5;

    private static final Logger log = LoggerFactory.getLogger(LoopSupervisor.class);

    /** One loop with its own Kafka clients, which it closes when {@link #run()} ends, whichever way. */
    public interface Loop {

        /** Runs until {@link #stop()}, or throws the error it ended on; on exactly one thread. */
        void run();

        /** Asks {@link #run()} to end soon; returns at once; from any thread. */
        void stop();

        /** Whether the loop has left its work and is closing its clients (it must not be interrupted then). */
        boolean isClosingClients();
    }

    private final String name;
    private final Supplier<? extends Loop> loops;
    private final RestartBackOff backOff;
    private final Runnable restarted;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private Loop current;
    private boolean stopping;

    /**
     * A supervisor of the dispatcher {@code name} (its transactional id) that runs {@code first}, makes each further
     * loop with {@code loops} (on the supervisor's thread) and calls {@code restarted} for each.
     */
    public LoopSupervisor(
            String name, Loop first, Supplier<? extends Loop> loops, RestartBackOff backOff, Runnable restarted) {
        this.name = name;
        this.current = first;
        this.loops = loops;
        this.backOff = backOff;
        this.restarted = restarted;
    }

    @Override
    public void run() {
        Loop loop = current();
        while (loop != null) {
            backOff.started();
            try {
                loop.run();
                return;
            } catch (KafkaException e) {
                if (isStopping()) {
                    return;
                }
                Throwable fence = fence(e);
                if (fence != null) {
                    log.error(
                            "dispatcher {} stops: a newer instance with its transactional id or instance id took"
                                    + " over: {}",
                            name,
                            fence.toString());
                    return;
                }
                loop = next(e);
            }
        }
    }

    /** Stops the loop running, or the wait for the next one; returns at once. */
    public void stop() {
        Loop running;
        synchronized (this) {
            stopping = true;
            running = current;
        }
        stopped.countDown();
        if (running != null) {
            running.stop();
        }
    }

    /** Whether the loop running is closing its clients. */
    public boolean isClosingClients() {
        Loop running = current();
        return running != null && running.isClosingClients();
    }

    /** Waits the back-off and makes the next loop, again while that fails; null once stopped. */
    private Loop next(KafkaException failure) {
        Duration wait = backOff.failed();
        log.warn(
                "dispatcher {} closed its Kafka clients after an error and starts again with new ones in {} ms: {}",
                name,
                wait.toMillis(),
                causes(failure));
        while (pause(wait)) {
            try {
                Loop loop = newLoop();
                if (loop != null) {
                    restarted.run();
                }
                return loop;
            } catch (KafkaException e) {
                wait = backOff.failed();
                log.warn(
                        "dispatcher {} could not create its Kafka clients; trying again in {} ms: {}",
                        name,
                        wait.toMillis(),
                        causes(e));
            }
        }
        return null;
    }

    /** The next loop, made under the lock so that {@link #stop()} stops it; null once stopped. */
    private synchronized Loop newLoop() {
        if (stopping) {
            return null;
        }
        current = loops.get();
        return current;
    }

    /** Waits {@code wait}; false when stopped (or interrupted) meanwhile. */
    private boolean pause(Duration wait) {
        try {
            return !stopped.await(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private synchronized Loop current() {
        return current;
    }

    private synchronized boolean isStopping() {
        return stopping;
    }

    /** The fence among {@code failure}, its causes and the exceptions suppressed along them; null if none. */
    static Throwable fence(Throwable failure) {
        for (Throwable e : chain(failure)) {
            if (isFence(e)) {
                return e;
            }
            for (Throwable suppressed : e.getSuppressed()) {
                if (isFence(suppressed)) {
                    return suppressed;
                }
            }
        }
        return null;
    }

    private static boolean isFence(Throwable e) {
        return e instanceof ProducerFencedException || e instanceof FencedInstanceIdException;
    }

    /** {@code failure} and its causes, for one log line. */
    static String causes(Throwable failure) {
        return String.join(
                "; caused by ", chain(failure).stream().map(Throwable::toString).toList());
    }

    private static List<Throwable> chain(Throwable failure) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable e = failure; e != null && chain.size() < MAX_CAUSES_LOGGED; e = e.getCause()) {
            chain.add(e);
        }
        return chain;
    }
}
