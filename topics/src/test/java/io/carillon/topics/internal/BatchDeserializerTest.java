package io.carillon.topics.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.FireBatch;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.TriggerBatch;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class BatchDeserializerTest {

    @Test
    void aSingleFireReadsAsAListOfOne() {
        FireEvent fire = SampleEvents.fire();

        assertThat(EventSerdes.FIRES.deserialize("fires", EventSerdes.FIRE.serialize("fires", fire)))
                .containsExactly(fire);
    }

    @Test
    void aBatchReadsAsItsFiresInOrder() {
        FireEvent first = SampleEvents.fire();
        FireEvent second = first.dueAt(first.dueAt().plusMillis(1));
        byte[] bytes = EventSerdes.FIRE_BATCH.serialize("fires", new FireBatch(List.of(first, second)));

        assertThat(new String(bytes, StandardCharsets.UTF_8)).startsWith("{\"fires\":[");
        assertThat(EventSerdes.FIRES.deserialize("fires", bytes)).containsExactly(first, second);
    }

    @Test
    void triggersReadInBothForms() {
        Trigger trigger = SampleEvents.trigger();
        byte[] batch = EventSerdes.TRIGGER_BATCH.serialize("t", new TriggerBatch(List.of(trigger, trigger)));

        assertThat(new String(batch, StandardCharsets.UTF_8)).startsWith("{\"triggers\":[");
        assertThat(EventSerdes.TRIGGERS.deserialize("t", batch)).containsExactly(trigger, trigger);
        assertThat(EventSerdes.TRIGGERS.deserialize("t", EventSerdes.TRIGGER.serialize("t", trigger)))
                .containsExactly(trigger);
    }

    @Test
    void aTombstoneReadsAsNullAndGarbageNamesTheProblem() {
        assertThat(EventSerdes.FIRES.deserialize("fires", null)).isNull();
        assertThatThrownBy(() -> EventSerdes.FIRES.deserialize(
                        "fires", "{\"fires\":[{\"attempt\":\"x\"}]}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageContaining("FireBatch");
        assertThatThrownBy(() -> EventSerdes.FIRES.deserialize("fires", "not json".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(InvalidEventException.class);
    }
}
