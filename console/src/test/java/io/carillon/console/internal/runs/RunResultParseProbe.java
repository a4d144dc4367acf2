package io.carillon.console.internal.runs;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.Json;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;

/**
 * Not a test (its name matches no surefire include): run by hand with
 * {@code -Dtest=RunResultParseProbe -Dsurefire.failIfNoSpecifiedTests=false}. Prints the CPU time of this thread per
 * parsed RunResult: through {@code EventSerdes.RESULT} (ObjectMapper.readValue with the class), through
 * {@link RunResultReader} (a reader bound to the type), and as a generic tree, after a warm-up.
 */
class RunResultParseProbe {

    private static final int RECORDS = 100_000;
    private static final int ROUNDS = 5;
    private static final Instant SCHEDULED = Instant.parse("2026-05-01T12:00:00Z");

    @Test
    void parseCost() {
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < RECORDS; i++) {
            String fireId = FireIds.scheduled("probe-" + i % 1000, SCHEDULED.plusMillis(i));
            boolean done = i % 2 == 1;
            values.add(EventSerdes.RESULT.serialize("results", new RunResult(RunResult.SCHEMA_VERSION,
                    FireIds.runId(fireId, 0), fireId, "probe-" + i % 1000, "bench", "noop", "worker-1",
                    done ? RunStatus.SUCCEEDED : RunStatus.STARTED, FireKind.SCHEDULED, 1, 0, 1,
                    SCHEDULED.plusMillis(i), SCHEDULED.plusMillis(i + 3), done ? SCHEDULED.plusMillis(i + 4) : null,
                    done ? "ok" : null, null, null, SCHEDULED.plusMillis(i + 4))));
        }
        System.out.printf(Locale.ROOT, "value size %d bytes%n", values.get(1).length);
        for (int round = 0; round < ROUNDS; round++) {
            time("EventSerdes.RESULT.deserialize", values, value -> EventSerdes.RESULT.deserialize("results", value));
            time("RunResultReader.read", values, RunResultReader::read);
            time("ObjectMapper.readTree", values, value -> Json.mapper().readTree(value));
        }
    }

    private static void time(String name, List<byte[]> values, Function<byte[], Object> parse) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = threads.getCurrentThreadCpuTime();
        long sink = 0;
        for (byte[] value : values) {
            sink += parse.apply(value).hashCode();
        }
        long cpu = threads.getCurrentThreadCpuTime() - start;
        System.out.printf(Locale.ROOT, "%s: %.2f µs CPU per record (%d)%n", name, cpu / 1e3 / values.size(),
                sink & 1);
    }
}
