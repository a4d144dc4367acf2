package io.carillon.analytics.internal;

import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Instant;

/**
 * Hand-run probe, not a test: times what the job-analytics processor does to its minute window per terminal result
 * (decode the stored aggregate, merge the result's, encode it again), N results into one window with durations
 * spread over 0 to 3 s, single thread, after a warm-up round, and prints µs per result and the stored size. Run from
 * the repository root after {@code mvn -o -q -B -pl analytics -am test-compile}:
 * <pre>java -cp analytics/target/test-classes:analytics/target/classes:topics/target/classes:&lt;kafka-clients,
 *     HdrHistogram and jackson jars&gt; io.carillon.analytics.internal.RunAggregateProbe [N]</pre>
 */
public final class RunAggregateProbe {

    private static final int DEFAULT_N = 20_000;
    private static final int SPREAD_MS = 3_000;
    private static final int LATENESS_SPREAD_MS = 50;
    private static final Instant MINUTE = Instant.parse("2026-11-25T10:00:00Z");

    private RunAggregateProbe() {}

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_N;
        for (int round = 0; round < 2; round++) {
            byte[] stored = null;
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                RunAggregate part = RunAggregate.of(result(i));
                RunAggregate current = stored == null ? part : RunAggregateSerde.decode(stored);
                if (stored != null) {
                    current.merge(part);
                }
                stored = RunAggregateSerde.encode(current);
            }
            long elapsed = System.nanoTime() - start;
            if (round > 0) {
                System.out.printf(
                        "%d results into one minute: %.1f µs per result, %d bytes stored%n",
                        n, elapsed / 1_000.0 / n, stored.length);
            }
        }
    }

    private static RunResult result(int i) {
        String fireId = "probe@" + i;
        Instant started = MINUTE.plusMillis(i % LATENESS_SPREAD_MS);
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(fireId, 0),
                fireId,
                "probe",
                "app",
                "run",
                "w-1",
                RunStatus.SUCCEEDED,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                MINUTE,
                started,
                started.plusMillis(i % SPREAD_MS),
                null,
                null,
                null,
                MINUTE);
    }
}
