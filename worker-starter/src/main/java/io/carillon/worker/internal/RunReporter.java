package io.carillon.worker.internal;

import io.carillon.topics.events.Progress;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.RunListener;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Reports the status changes of runs to {@code results}, stamped with the worker's clock, and tells the
 * {@link RunListener} of each run it ends. Thread-safe.
 */
public final class RunReporter {

    /** Longer messages (a huge return value, an exception with a page of text) are cut to this many characters. */
    static final int MAX_MESSAGE_LENGTH = 4000;

    private final EventPublisher publisher;
    private final String instanceId;
    private final Clock clock;
    private final RunListener listener;

    public RunReporter(EventPublisher publisher, String instanceId, Clock clock) {
        this(publisher, instanceId, clock, RunListener.NONE);
    }

    /** A reporter that tells {@code listener} of each run it reports ended. */
    public RunReporter(EventPublisher publisher, String instanceId, Clock clock, RunListener listener) {
        this.publisher = publisher;
        this.instanceId = instanceId;
        this.clock = clock;
        this.listener = listener;
    }

    /** The id of the instance whose results this reports. */
    String instanceId() {
        return instanceId;
    }

    /**
     * The claim on a run this instance is about to take: a STARTED result without {@code startedAt}, written to
     * {@code claims} in a batch with the round's other claims (by the trigger loop, {@link EventPublisher#claimsNow})
     * before the trigger's offset is committed and the run handed to
     * the executor. Should this instance die before the run's terminal result, the planner finds the run open and
     * ends it LOST (and retries it as the job's policy says) instead of nobody knowing of it.
     */
    RunResult claim(Trigger trigger) {
        Instant now = clock.instant();
        return RunResult.of(
                trigger,
                instanceId,
                RunStatus.STARTED,
                null,
                null,
                "claimed by instance " + instanceId + "; starts at its due instant",
                null,
                now);
    }

    /** Reports STARTED and returns the start instant. */
    Instant started(Trigger trigger) {
        Instant now = clock.instant();
        publisher.result(RunResult.of(trigger, instanceId, RunStatus.STARTED, now, null, null, null, now));
        return now;
    }

    /** Reports PROGRESS; the message is the progress's own. */
    void progress(Trigger trigger, Instant startedAt, Progress progress) {
        RunResult base = RunResult.of(
                trigger,
                instanceId,
                RunStatus.PROGRESS,
                startedAt,
                null,
                shorten(progress.message()),
                null,
                clock.instant());
        publisher.result(
                base.withProgress(new Progress(progress.done(), progress.total(), shorten(progress.message()))));
    }

    /** Reports SKIPPED for a run that did not start because of its job's block strategy. */
    void skipped(Trigger trigger, String reason) {
        Instant now = clock.instant();
        publisher.result(RunResult.of(trigger, instanceId, RunStatus.SKIPPED, null, now, shorten(reason), null, now));
        listener.runEnded(RunStatus.SKIPPED, Duration.ZERO);
    }

    /** Reports the terminal {@code status}; {@code startedAt} is null when the run never started. */
    void finished(Trigger trigger, RunStatus status, Instant startedAt, String message, String errorClass) {
        finished(trigger, status, startedAt, message, errorClass, null);
    }

    /** Reports the terminal {@code status} with the {@code output} the handler put (null when none). */
    void finished(
            Trigger trigger, RunStatus status, Instant startedAt, String message, String errorClass, String output) {
        Instant now = clock.instant();
        publisher.result(RunResult.of(trigger, instanceId, status, startedAt, now, shorten(message), errorClass, now)
                .withOutput(output));
        listener.runEnded(status, startedAt == null ? Duration.ZERO : Duration.between(startedAt, now));
    }

    /** Reports a run that could not start here, such as one for a handler this instance does not have. */
    void rejected(Trigger trigger, String message) {
        Instant now = clock.instant();
        publisher.result(RunResult.of(trigger, instanceId, RunStatus.FAILED, now, now, shorten(message), null, now));
        listener.runEnded(RunStatus.FAILED, Duration.ZERO);
    }

    private static String shorten(String message) {
        if (message == null || message.length() <= MAX_MESSAGE_LENGTH) {
            return message;
        }
        return message.substring(0, MAX_MESSAGE_LENGTH - 1) + "…";
    }
}
