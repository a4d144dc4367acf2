package io.carillon.analytics.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.RunStats;
import io.carillon.topics.events.StatsScope;
import java.time.Clock;
import java.time.Instant;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;

/**
 * What a processor writes, as {@link Emitted} records stamped with the clock's time; an incident is committed at once,
 * the rest with the app's regular commit. Not thread-safe.
 */
final class Output {

    static final String COMPONENT = "analytics";

    private final ProcessorContext<String, Emitted> context;
    private final Clock clock;

    Output(ProcessorContext<String, Emitted> context, Clock clock) {
        this.context = context;
        this.clock = clock;
    }

    void stats(RunStats stats) {
        String key = stats.scope() == StatsScope.JOB ? stats.jobId() : stats.app();
        emit(key, Emitted.Target.STATS, EventSerdes.STATS.serialize(null, stats));
    }

    /** Writes {@code incident} and asks Kafka Streams to commit after the current record or punctuation. */
    void incident(Incident incident) {
        emit(incident.incidentId(), Emitted.Target.ALERTS, EventSerdes.INCIDENT.serialize(null, incident));
        context.commit();
    }

    void toApp(String app, byte[] message) {
        emit(app, Emitted.Target.TO_APP, message);
    }

    void deadLetter(String key, byte[] value, String reason) {
        RecordMetadata source = context.recordMetadata().orElseThrow();
        DeadLetter letter = DeadLetter.of(
                source.topic(), source.partition(), source.offset(), key, value, reason, COMPONENT, clock.instant());
        emit(key, Emitted.Target.DLQ, EventSerdes.DEAD_LETTER.serialize(null, letter));
    }

    Instant now() {
        return clock.instant();
    }

    private void emit(String key, Emitted.Target target, byte[] value) {
        context.forward(new Record<>(key, new Emitted(target, value), clock.millis()));
    }
}
