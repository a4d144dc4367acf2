package io.carillon.analytics.internal;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Arrays;

/**
 * A job's closed minute on its way to its app's minute (the app-stats repartition topic, key: app): the minute's
 * start in epoch millis, then the {@link RunAggregateSerde} bytes. Stateless.
 */
final class AppContribution {

    private AppContribution() {
    }

    static byte[] encode(Instant minuteStart, RunAggregate aggregate) {
        byte[] bytes = RunAggregateSerde.encode(aggregate);
        return ByteBuffer.allocate(Long.BYTES + bytes.length).putLong(minuteStart.toEpochMilli()).put(bytes).array();
    }

    static Instant minuteStart(byte[] contribution) {
        return Instant.ofEpochMilli(ByteBuffer.wrap(contribution).getLong());
    }

    static RunAggregate aggregate(byte[] contribution) {
        return RunAggregateSerde.decode(Arrays.copyOfRange(contribution, Long.BYTES, contribution.length));
    }
}
