package io.carillon.planner.internal;

import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.metrics.DeadLetterMeter;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.util.EnumMap;
import java.util.Map;

/**
 * The planner's meters: counter {@value #FIRES} (tag {@code kind}: SCHEDULED, MANUAL, RETRY, ...), the fires written
 * to {@code fires}, and counter {@value #CANCELS}, the cancels written there (a job changed or removed), both
 * registered up front so that counting a fire is one increment; and the dead letters ({@link DeadLetterMeter}).
 * Under exactly-once a transaction that aborts is processed again, so the counts may run ahead of what a reader of
 * {@code fires} sees by the fires of aborted transactions.
 *
 * <p>Thread-safe: shared by the stream tasks of one planner.
 */
public final class PlannerMeters {

    public static final String FIRES = "carillon.planner.fires";
    public static final String CANCELS = "carillon.planner.cancels";

    private final Map<FireKind, Counter> fires = new EnumMap<>(FireKind.class);
    private final Counter cancels;
    private final DeadLetterMeter deadLetters;

    public PlannerMeters(MeterRegistry registry) {
        for (FireKind kind : FireKind.values()) {
            fires.put(
                    kind,
                    Counter.builder(FIRES)
                            .tag("kind", kind.name())
                            .description("fires the planner wrote to the fires topic")
                            .register(registry));
        }
        cancels = Counter.builder(CANCELS)
                .description("cancels of written fires the planner wrote to the fires topic")
                .register(registry);
        deadLetters = new DeadLetterMeter(registry);
    }

    /** Meters that go nowhere, for a planner without a meter registry and for tests. */
    public static PlannerMeters none() {
        return new PlannerMeters(new CompositeMeterRegistry());
    }

    void written(FireEvent event) {
        if (event.action() == FireAction.CANCEL) {
            cancels.increment();
        } else {
            fires.get(event.kind() != null ? event.kind() : FireKind.SCHEDULED).increment();
        }
    }

    void deadLetter(DeadLetter letter) {
        deadLetters.record(letter);
    }
}
