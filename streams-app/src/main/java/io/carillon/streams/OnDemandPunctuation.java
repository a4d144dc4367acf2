package io.carillon.streams;

import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.streams.processor.Cancellable;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.Punctuator;
import org.apache.kafka.streams.processor.api.ProcessingContext;

/**
 * An aligned wall-clock punctuator ({@link AlignedPunctuation}) that its processor can put to sleep while it expects
 * no work, so that an idle exactly-once application stops committing.
 *
 * <p>Why: Kafka Streams marks a task for a commit after every pass in which one of its punctuators ran, and an
 * exactly-once commit is a transaction (offsets, an end marker on every partition written) even when nothing was
 * written. A task whose punctuator runs every 100 ms therefore commits every commit interval, idle or not. A
 * processor that knows when it next has work (its earliest timer) calls {@link #sleepUntil} at the end of a
 * punctuation, and {@link #stayAwake} when a record may have brought work; while it sleeps, nothing of it runs.
 *
 * <p>Awake, the punctuator runs every {@code interval} from a whole multiple of it. Asleep, it runs next at the
 * first multiple of {@code interval} at or after the instant given, and no later than the next whole multiple of
 * {@link #LONGEST_SLEEP} (so that the sleeping tasks of a thread wake together), then every {@code interval} again
 * until it is put to sleep again. Used from its task's thread only: in the processor's {@code init},
 * {@code process} and punctuators, as Kafka Streams requires of {@code schedule}.
 */
public final class OnDemandPunctuation {

    /** The longest a punctuator sleeps, whatever its processor expects: the bound on a wrong expectation's cost. */
    public static final Duration LONGEST_SLEEP = Duration.ofSeconds(10);

    private final ProcessingContext context;
    private final Duration interval;
    private final Punctuator punctuator;
    private Cancellable scheduled;
    /** The instant the sleeping punctuator runs next; null while awake. */
    private Instant sleepingUntil;

    private OnDemandPunctuation(ProcessingContext context, Duration interval, Punctuator punctuator) {
        this.context = context;
        this.interval = interval;
        this.punctuator = punctuator;
    }

    /** Schedules {@code punctuator} every {@code interval} from the next multiple of it, awake. */
    public static OnDemandPunctuation schedule(
            ProcessingContext context, Instant now, Duration interval, Punctuator punctuator) {
        OnDemandPunctuation punctuation = new OnDemandPunctuation(context, interval, punctuator);
        punctuation.scheduleFrom(AlignedPunctuation.startAfter(now, interval));
        return punctuation;
    }

    /** Runs every interval again from the next multiple of it, if asleep; nothing if awake. */
    public void stayAwake(Instant now) {
        if (sleepingUntil != null) {
            sleepingUntil = null;
            scheduleFrom(AlignedPunctuation.startAfter(now, interval));
        }
    }

    /**
     * Runs next at {@code next} (rounded up to a multiple of the interval; null: no work expected), at the latest
     * at the next multiple of {@link #LONGEST_SLEEP}. When that is no later than the next regular run, it stays awake.
     */
    public void sleepUntil(Instant now, Instant next) {
        Instant latest = AlignedPunctuation.startAfter(now.plus(interval), LONGEST_SLEEP);
        Instant wake = next == null || next.isAfter(latest) ? latest : AlignedPunctuation.startAfter(next, interval);
        if (!wake.isAfter(AlignedPunctuation.startAfter(now, interval).plus(interval))) {
            stayAwake(now);
        } else if (!wake.equals(sleepingUntil)) {
            sleepingUntil = wake;
            scheduleFrom(wake);
        }
    }

    /** Whether the punctuator runs every interval now. */
    public boolean awake() {
        return sleepingUntil == null;
    }

    private void scheduleFrom(Instant start) {
        if (scheduled != null) {
            scheduled.cancel();
        }
        scheduled = context.schedule(start, interval, PunctuationType.WALL_CLOCK_TIME, timestamp -> {
            sleepingUntil = null;
            punctuator.punctuate(timestamp);
        });
    }
}
