package io.carillon.analytics.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.metrics.DeadLetterMeter;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.util.EnumMap;
import java.util.Map;

/**
 * The analytics app's meters: counter {@value #INCIDENTS} (tags {@code rule}: FAILED, MISSED, NO_WORKER and
 * {@code action}: OPENED, UPDATED, RESOLVED), the incident steps written to {@code alerts}, registered up front; and
 * the dead letters ({@link DeadLetterMeter}). Both are counted from the records on their way to the topic; they are
 * few (a step per incident change, a letter per bad record), so reading them back costs next to nothing.
 *
 * <p>Thread-safe: shared by the stream tasks of one analytics app.
 */
public final class AnalyticsMeters {

    public static final String INCIDENTS = "carillon.analytics.incidents";

    private final Map<IncidentRule, Map<IncidentAction, Counter>> incidents = new EnumMap<>(IncidentRule.class);
    private final DeadLetterMeter deadLetters;

    public AnalyticsMeters(MeterRegistry registry) {
        for (IncidentRule rule : IncidentRule.values()) {
            Map<IncidentAction, Counter> byAction = new EnumMap<>(IncidentAction.class);
            for (IncidentAction action : IncidentAction.values()) {
                byAction.put(
                        action,
                        Counter.builder(INCIDENTS)
                                .tag("rule", rule.name())
                                .tag("action", action.name())
                                .description("incident steps (opened, updated, resolved) written to the alerts topic")
                                .register(registry));
            }
            incidents.put(rule, byAction);
        }
        deadLetters = new DeadLetterMeter(registry);
    }

    /** Meters that go nowhere, for an analytics app without a meter registry and for tests. */
    public static AnalyticsMeters none() {
        return new AnalyticsMeters(new CompositeMeterRegistry());
    }

    /** Counts the incident step serialized in {@code value}. */
    public void incident(byte[] value) {
        Incident incident = EventSerdes.INCIDENT.deserialize(null, value);
        if (incident.rule() != null && incident.action() != null) {
            incidents.get(incident.rule()).get(incident.action()).increment();
        }
    }

    /** Counts the dead letter serialized in {@code value}. */
    public void deadLetter(byte[] value) {
        DeadLetter letter = EventSerdes.DEAD_LETTER.deserialize(null, value);
        deadLetters.record(letter);
    }
}
