package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.ControlCommand;
import io.carillon.topics.events.ControlType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class ControlRecordsTest {

    private static final Instant AT = Instant.parse("2030-01-01T00:00:00Z");

    private static ConsumerRecord<byte[], byte[]> record(byte[] value) {
        return new ConsumerRecord<>("carillon.control", 0, 7, null, value);
    }

    private static byte[] json(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void readsAKill() {
        ControlCommand kill =
                new ControlCommand(0, "c-1", ControlType.KILL, "job@1#0", "job", "billing", null, "ada", AT);
        assertThat(ControlRecords.parse(record(EventSerdes.CONTROL.serialize(null, kill))))
                .isEqualTo(kill);
    }

    @Test
    void namesTheMissingRunId() {
        assertThatThrownBy(() -> ControlRecords.parse(record(json("{\"type\":\"KILL\"}"))))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageContaining("field 'runId' is missing");
    }

    @Test
    void namesTheMissingType() {
        assertThatThrownBy(() -> ControlRecords.parse(record(json("{\"runId\":\"job@1#0\"}"))))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageContaining("field 'type' is missing");
    }

    @Test
    void refusesAnUnknownCommandAndATombstone() {
        assertThatThrownBy(() -> ControlRecords.parse(record(json("{\"type\":\"PAUSE\",\"runId\":\"r\"}"))))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageContaining("ControlCommand");
        assertThatThrownBy(() -> ControlRecords.parse(record(null)))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageContaining("no value");
    }
}
