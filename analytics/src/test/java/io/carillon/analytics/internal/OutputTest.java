package io.carillon.analytics.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.junit.jupiter.api.Test;

class OutputTest {

    private static final Instant NOW = Instant.parse("2026-03-02T10:00:00Z");

    private final MockProcessorContext<String, Emitted> context = new MockProcessorContext<>();
    private final Output output = new Output(context, Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void anIncidentAsksForACommitAtOnce() {
        output.incident(new Incident(
                0,
                "failed:job-1:f1",
                IncidentAction.OPENED,
                IncidentRule.FAILED,
                "etl",
                "job-1",
                NOW,
                NOW,
                1,
                "f1",
                "failed"));

        assertThat(context.forwarded()).hasSize(1);
        assertThat(context.committed()).isTrue();
    }

    @Test
    void aMessageToAnAppWaitsForTheRegularCommit() {
        output.toApp("etl", new AppMessage.Heartbeat("w-1", NOW.plusSeconds(3)).encode());

        assertThat(context.forwarded()).hasSize(1);
        assertThat(context.committed()).isFalse();
    }
}
