package io.carillon.topics.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.InvalidEventException;
import io.carillon.topics.Json;
import io.carillon.topics.JsonSerde;
import io.carillon.topics.events.RunResult;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

class IsoInstantsTest {

    private static final long SEED = 20261122L;
    private static final int SAMPLES = 100_000;
    private static final long LAST_SECOND_OF_9999 =
            Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
    private static final long FIRST_SECOND_OF_0000 =
            Instant.parse("0000-01-01T00:00:00Z").getEpochSecond();

    /** Jackson's own java.time support, as the events were read and written before {@link InstantJsonModule}. */
    private static final JsonMapper JACKSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    @Test
    void writesWhatInstantToStringWrites() {
        Random random = new Random(SEED);
        for (int i = 0; i < SAMPLES; i++) {
            Instant instant = randomInstant(random);
            assertThat(IsoInstants.format(instant)).isEqualTo(instant.toString());
            assertThat(IsoInstants.parse(instant.toString())).isEqualTo(instant);
        }
    }

    @Test
    void writesInstantsOutsideFourDigitYearsAsInstantDoes() {
        for (Instant instant : List.of(
                Instant.MIN,
                Instant.MAX,
                Instant.parse("+10000-01-01T00:00:00Z"),
                Instant.parse("-0001-12-31T23:59:59.5Z"))) {
            assertThat(IsoInstants.format(instant)).isEqualTo(instant.toString());
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2026-11-22T05:00:00Z",
                "2026-11-22T05:00:00.1Z",
                "2026-11-22T05:00:00.12Z",
                "2026-11-22T05:00:00.123456789Z",
                "2024-02-29T23:59:59.000001Z",
                "1970-01-01T00:00:00Z",
                "0000-01-01T00:00:00Z",
                "9999-12-31T23:59:59.999999999Z"
            })
    void readsTheCanonicalFormAsInstantParseDoes(String text) {
        assertThat(IsoInstants.parse(text)).isEqualTo(Instant.parse(text));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2026-11-22T07:00:00+02:00",
                "2026-11-22t05:00:00Z",
                "2026-11-22T05:00Z",
                "2026-13-22T05:00:00Z",
                "2026-02-30T05:00:00Z",
                "2026-11-22T24:00:00Z",
                "2026-11-22T05:60:00Z",
                "2026-11-22T05:00:00.Z",
                "2026-11-22T05:00:00.1234567890Z",
                "2026-11-22T05:00:00,1Z",
                "2026-11-2xT05:00:00Z",
                "+10000-01-01T00:00:00Z",
                "",
                "garbage"
            })
    void leavesEveryOtherFormToTheGeneralParser(String text) {
        assertThat(IsoInstants.parse(text)).isNull();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "\"2026-11-22T05:00:00.5Z\"",
                "\"2026-11-22T07:00:00+02:00\"",
                "1763787600",
                "\"+10000-01-01T00:00:00Z\"",
                "\"2026-11-22T05:00:00.123456789Z\""
            })
    void readsEventsAsJacksonDid(String json) {
        String event = "{\"runId\":\"r\",\"startedAt\":" + json + "}";
        RunResult ours = JsonSerde.of(RunResult.class).parse(event);
        RunResult theirs = JACKSON.readValue(event, RunResult.class);
        assertThat(ours.startedAt()).isEqualTo(theirs.startedAt());
        assertThat(Json.mapper().writeValueAsString(ours.startedAt()))
                .isEqualTo(JACKSON.writeValueAsString(theirs.startedAt()));
    }

    @Test
    void aBadInstantStillNamesItsField() {
        assertThatThrownBy(() ->
                        JsonSerde.of(RunResult.class).parse("{\"runId\":\"r\",\"startedAt\":\"2026-02-30T05:00:00Z\"}"))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageContaining("startedAt");
    }

    private static Instant randomInstant(Random random) {
        long second =
                FIRST_SECOND_OF_0000 + (long) (random.nextDouble() * (LAST_SECOND_OF_9999 - FIRST_SECOND_OF_0000));
        int nanos = switch (random.nextInt(5)) {
            case 0 -> 0;
            case 1 -> random.nextInt(1_000) * 1_000_000;
            case 2 -> random.nextInt(1_000_000) * 1_000;
            case 3 -> random.nextInt(1_000_000_000);
            default -> random.nextInt(10) * 100_000_000;
        };
        return Instant.ofEpochSecond(second, nanos);
    }
}
