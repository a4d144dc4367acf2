package io.carillon.worker.internal;

import io.carillon.topics.events.Progress;
import java.time.Duration;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Lets at most one progress report of a run through per interval. The first report goes out at once and starts a
 * cool-down; reports during the cool-down replace each other (the latest wins) and the one left is sent when the
 * cool-down ends. {@link #close()} sends what is held, so the last report precedes the run's terminal status.
 *
 * <p>Thread-safe; {@code send} is called under the throttle's lock, so reports leave in order.
 */
final class ProgressThrottle {

    private final Duration interval;
    private final Delays delays;
    private final Consumer<Progress> send;
    private Progress held;
    private Future<?> coolDown;
    private boolean closed;

    ProgressThrottle(Duration interval, Delays delays, Consumer<Progress> send) {
        this.interval = interval;
        this.delays = delays;
        this.send = send;
    }

    /** Sends {@code progress} now, or holds it until the cool-down ends; ignored once closed. */
    synchronized void offer(Progress progress) {
        if (closed) {
            return;
        }
        if (coolDown != null) {
            held = progress;
            return;
        }
        sendAndCoolDown(progress);
    }

    /** Sends the report held, if any, and ignores every later one. */
    synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (coolDown != null) {
            coolDown.cancel(false);
            coolDown = null;
        }
        if (held != null) {
            send.accept(held);
            held = null;
        }
    }

    private synchronized void coolDownEnded() {
        coolDown = null;
        if (closed || held == null) {
            return;
        }
        Progress next = held;
        held = null;
        sendAndCoolDown(next);
    }

    private void sendAndCoolDown(Progress progress) {
        send.accept(progress);
        coolDown = delays.after(interval, this::coolDownEnded);
    }
}
