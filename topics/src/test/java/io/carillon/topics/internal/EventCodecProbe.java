package io.carillon.topics.internal;

import io.carillon.topics.Json;
import java.util.List;
import tools.jackson.databind.ObjectMapper;

/**
 * Hand-run probe, not a test: times serialize + deserialize of each hot event with databind alone
 * ({@link SampleEvents#DATABIND}) and with {@code Json.mapper()}'s streaming codecs, single thread, after a warm-up,
 * and prints ns per operation. Run from the repository root after {@code mvn -o -q -B -pl topics verify}:
 * <pre>java -cp topics/target/test-classes:topics/target/classes:&lt;jackson jars&gt; \
 *     io.carillon.topics.internal.EventCodecProbe [N]</pre>
 */
public final class EventCodecProbe {

    private static final int DEFAULT_N = 500_000;
    /** Keeps the JIT from dropping the timed work. */
    private static volatile long sink;

    private EventCodecProbe() {}

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_N;
        List<Object> events = List.of(SampleEvents.fire(), SampleEvents.trigger(), SampleEvents.result());
        for (int round = 0; round < 2; round++) {
            boolean warmUp = round == 0;
            for (Object event : events) {
                for (ObjectMapper mapper : List.of(SampleEvents.DATABIND, Json.mapper())) {
                    String name = mapper == Json.mapper() ? "codecs  " : "databind";
                    long write = timeWrites(mapper, event, warmUp ? n / 5 : n);
                    long read = timeReads(mapper, event, warmUp ? n / 5 : n);
                    if (!warmUp) {
                        System.out.printf(
                                "%-10s %s  write %6.0f ns/op  read %6.0f ns/op%n",
                                event.getClass().getSimpleName(), name, (double) write / n, (double) read / n);
                    }
                }
            }
        }
    }

    private static long timeWrites(ObjectMapper mapper, Object event, int n) {
        long bytes = 0;
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            bytes += mapper.writeValueAsBytes(event).length;
        }
        long elapsed = System.nanoTime() - start;
        sink += bytes;
        return elapsed;
    }

    private static long timeReads(ObjectMapper mapper, Object event, int n) {
        byte[] json = mapper.writeValueAsBytes(event);
        Class<?> type = event.getClass();
        long hashes = 0;
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            hashes += mapper.readValue(json, type).hashCode();
        }
        long elapsed = System.nanoTime() - start;
        sink += hashes;
        return elapsed;
    }
}
