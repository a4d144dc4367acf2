package io.carillon.topics.events;

/**
 * The concurrency limit a fire must hold before it is routed ({@link FireEvent#limit()}): the planner stamps the job's
 * {@link Concurrency} on the fires it writes ({@code granted} false), the dispatcher asks the limiter for a slot
 * (an ACQUIRE {@link LimitCommand}) instead of routing such a fire, and the limiter writes the fire back with
 * {@code granted} true once it holds a slot, which the dispatcher routes.
 */
public record LimitClaim(String name, WhenBusy whenBusy, boolean granted) {

    public LimitClaim {
        whenBusy = whenBusy == null ? WhenBusy.WAIT : whenBusy;
    }

    /** The claim of a fire of a job with {@code concurrency} (null: none), not yet granted. */
    public static LimitClaim of(Concurrency concurrency) {
        return concurrency == null ? null : new LimitClaim(concurrency.limit(), concurrency.whenBusy(), false);
    }

    /** This claim, granted. */
    public LimitClaim grant() {
        return new LimitClaim(name, whenBusy, true);
    }
}
