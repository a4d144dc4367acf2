package io.carillon.analytics.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.analytics.internal.MissedMonitor.StartedRun;
import io.carillon.topics.JsonSerde;
import io.carillon.topics.events.Schedule;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class MissedMonitorTest {

    private static final JsonSerde<MissedMonitor> SERDE = JsonSerde.of(MissedMonitor.class);
    private static final Instant EXPECTED = Instant.parse("2026-11-25T10:00:01Z");

    @Test
    void aStateStoredWithItsInstantsOneByOneIsReadAsRunsAndWrittenAsRuns() {
        MissedMonitor empty = new MissedMonitor(
                "billing", Schedule.fixedRate(1_000), 0, 60_000, EXPECTED, List.of(), null, null, 0, "due-key", false);
        String stored = new String(SERDE.serialize("t", empty), StandardCharsets.UTF_8)
                .replace("\"startedRuns\":[]", "\"startedAhead\":[\"2026-11-25T10:00:05Z\",\"2026-11-25T10:00:04Z\"]")
                .replace(",\"takingOn\":false", "");
        assertThat(stored).doesNotContain("takingOn");

        MissedMonitor read = SERDE.deserialize("t", stored.getBytes(StandardCharsets.UTF_8));

        assertThat(read.startedRuns())
                .containsExactly(
                        new StartedRun(Instant.parse("2026-11-25T10:00:04Z"), Instant.parse("2026-11-25T10:00:04Z")),
                        new StartedRun(Instant.parse("2026-11-25T10:00:05Z"), Instant.parse("2026-11-25T10:00:05Z")));
        assertThat(read.startedAhead()).isNull();
        assertThat(read.takingOn())
                .as("a state stored before takingOn existed judges every instant")
                .isFalse();
        assertThat(read.seenStartingAhead(Instant.parse("2026-11-25T10:00:05Z")))
                .isTrue();
        assertThat(read.seenStartingAhead(EXPECTED)).isFalse();
        assertThat(new String(SERDE.serialize("t", read), StandardCharsets.UTF_8))
                .doesNotContain("startedAhead")
                .contains("\"startedRuns\":[{");
    }
}
