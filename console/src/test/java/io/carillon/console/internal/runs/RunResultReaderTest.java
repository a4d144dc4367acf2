package io.carillon.console.internal.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;

/** RunResultReader reads what {@code EventSerdes.RESULT} reads, to the same results and the same errors. */
class RunResultReaderTest {

    private static final long SEED = 42L;
    private static final int RANDOM_INSTANTS = 5_000;
    private static final long MAX_EPOCH_SECOND = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
    private static final long MIN_EPOCH_SECOND = Instant.parse("0000-01-01T00:00:00Z").getEpochSecond();

    @Test
    void readsEveryInstantAsJacksonDoes() {
        Random random = new Random(SEED);
        for (int i = 0; i < RANDOM_INSTANTS; i++) {
            Instant instant = Instant.ofEpochSecond(MIN_EPOCH_SECOND
                    + (long) (random.nextDouble() * (MAX_EPOCH_SECOND - MIN_EPOCH_SECOND)), random.nextInt(4) == 0
                    ? 0 : random.nextInt(1_000_000_000));
            assertSameAsEventSerdes("\"" + instant + "\"");
        }
    }

    @Test
    void leavesOtherFormsAndBadValuesToJackson() {
        for (String value : List.of("\"2026-05-01T12:00:00Z\"", "\"2026-05-01T12:00:00.1Z\"",
                "\"2026-05-01T12:00:00.123456789Z\"", "\"2026-05-01T12:00:00.1234567890Z\"", "\"2026-05-01T12:00Z\"",
                "\"2026-05-01T12:00:00.Z\"", "\"2026-05-01T12:00:00+02:00\"", "\"2026-05-01T12:00:00.5+00:00\"",
                "\"2026-05-01 12:00:00Z\"", "\"2026-02-30T12:00:00Z\"", "\"2026-05-01T24:00:00Z\"",
                "\"2016-12-31T23:59:60Z\"", "\"+12026-05-01T12:00:00Z\"", "\"-0001-05-01T12:00:00Z\"",
                "\"2026-5-01T12:00:00Z\"", "\"2026-05-01t12:00:00z\"", "\"2026-05-01T12:00:0xZ\"",
                "\"１２３４-05-01T12:00:00Z\"", "\"\"", "\"   \"", "\"not a time\"", "1777636800",
                "1777636800.042", "\"1777636800\"", "null", "true", "[]", "{}")) {
            assertSameAsEventSerdes(value);
        }
    }

    private static void assertSameAsEventSerdes(String startedAt) {
        byte[] json = ("{\"runId\": \"r@1#0\", \"jobId\": \"j\", \"status\": \"STARTED\", \"startedAt\": " + startedAt
                + ", \"emittedAt\": " + startedAt + "}").getBytes(StandardCharsets.UTF_8);
        Throwable expectedError = catchThrowable(() -> EventSerdes.RESULT.deserialize("results", json));
        if (expectedError == null) {
            assertThat(RunResultReader.read(json)).as(startedAt)
                    .isEqualTo(EventSerdes.RESULT.deserialize("results", json));
        } else {
            assertThat(expectedError).isInstanceOf(InvalidEventException.class);
            assertThat(catchThrowable(() -> RunResultReader.read(json))).as(startedAt)
                    .isInstanceOf(InvalidEventException.class).hasMessage(expectedError.getMessage());
        }
    }
}
