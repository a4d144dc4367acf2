package io.carillon.topics.events;

/**
 * A job's share of a {@link ConcurrencyLimit}: every run of the job holds one slot of the limit {@code limit} while it
 * runs; {@code whenBusy} says what becomes of a run that finds every slot held (null in JSON means
 * {@link WhenBusy#WAIT}).
 */
public record Concurrency(String limit, WhenBusy whenBusy) {

    public Concurrency {
        whenBusy = whenBusy == null ? WhenBusy.WAIT : whenBusy;
    }

    /** A share of {@code limit} whose runs wait when it is fully held. */
    public static Concurrency of(String limit) {
        return new Concurrency(limit, WhenBusy.WAIT);
    }
}
