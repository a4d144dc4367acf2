package io.carillon.planner.internal;

import io.carillon.topics.events.DeadLetter;
import java.time.Clock;
import org.apache.kafka.streams.processor.api.RecordMetadata;

/** Builds the dead letter of a record the planner could not act on. */
final class DeadLetters {

    static final String COMPONENT = "planner";

    private final Clock clock;

    DeadLetters(Clock clock) {
        this.clock = clock;
    }

    DeadLetter of(RecordMetadata source, String key, byte[] value, String reason) {
        return DeadLetter.of(
                source.topic(), source.partition(), source.offset(), key, value, reason, COMPONENT, clock.instant());
    }

    DeadLetter of(ParkedRequest parked, String reason) {
        return DeadLetter.of(
                parked.topic(),
                parked.partition(),
                parked.offset(),
                parked.key(),
                ParkedRequests.bytes(parked),
                reason,
                COMPONENT,
                clock.instant());
    }
}
