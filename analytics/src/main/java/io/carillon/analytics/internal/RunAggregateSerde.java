package io.carillon.analytics.internal;

import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunStatus;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The binary form of a {@link RunAggregate} in the window stores and in the messages to the app-analytics
 * processor: a format byte, the app, the counts (statuses and kinds by name), then each sketch in HdrHistogram's V2
 * encoding with its exact maximum. Stateless and thread-safe.
 */
final class RunAggregateSerde implements Serde<RunAggregate>, Serializer<RunAggregate>, Deserializer<RunAggregate> {

    static final byte FORMAT = 1;

    private static final long SMALLEST_RANGE = 2;

    @Override
    public byte[] serialize(String topic, RunAggregate aggregate) {
        return aggregate == null ? null : encode(aggregate);
    }

    @Override
    public RunAggregate deserialize(String topic, byte[] bytes) {
        return bytes == null ? null : decode(bytes);
    }

    static byte[] encode(RunAggregate aggregate) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(FORMAT);
            out.writeBoolean(aggregate.app != null);
            if (aggregate.app != null) {
                out.writeUTF(aggregate.app);
            }
            out.writeLong(aggregate.runs);
            out.writeLong(aggregate.retries);
            out.writeLong(aggregate.lateResults);
            writeCounts(out, aggregate.byStatus);
            writeCounts(out, aggregate.byKind);
            writeSketch(out, aggregate.durations, aggregate.maxDuration);
            writeSketch(out, aggregate.lateness, aggregate.maxLateness);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static RunAggregate decode(byte[] bytes) {
        if (bytes.length == 0 || bytes[0] != FORMAT) {
            throw new IllegalArgumentException("not a run aggregate of format " + FORMAT);
        }
        RunAggregate aggregate = new RunAggregate();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, 1, bytes.length - 1))) {
            aggregate.app = in.readBoolean() ? in.readUTF() : null;
            aggregate.runs = in.readLong();
            aggregate.retries = in.readLong();
            aggregate.lateResults = in.readLong();
            readCounts(in, aggregate.byStatus, RunStatus::valueOf);
            readCounts(in, aggregate.byKind, FireKind::valueOf);
            aggregate.durations = readSketch(in);
            aggregate.maxDuration = aggregate.durations == null ? 0 : in.readLong();
            aggregate.lateness = readSketch(in);
            aggregate.maxLateness = aggregate.lateness == null ? 0 : in.readLong();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return aggregate;
    }

    private static <E extends Enum<E>> void writeCounts(DataOutputStream out, Map<E, Long> counts) throws IOException {
        out.writeInt(counts.size());
        for (Map.Entry<E, Long> count : counts.entrySet()) {
            out.writeUTF(count.getKey().name());
            out.writeLong(count.getValue());
        }
    }

    private static <E extends Enum<E>> void readCounts(
            DataInputStream in, Map<E, Long> counts, Function<String, E> constant) throws IOException {
        int size = in.readInt();
        for (int i = 0; i < size; i++) {
            counts.put(constant.apply(in.readUTF()), in.readLong());
        }
    }

    private static void writeSketch(DataOutputStream out, Histogram sketch, long max) throws IOException {
        if (sketch == null) {
            out.writeInt(0);
            return;
        }
        ByteBuffer buffer = ByteBuffer.allocate(sketch.getNeededByteBufferCapacity());
        int length = sketch.encodeIntoByteBuffer(buffer);
        out.writeInt(length);
        out.write(buffer.array(), 0, length);
        out.writeLong(max);
    }

    private static Histogram readSketch(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length == 0) {
            return null;
        }
        byte[] encoded = in.readNBytes(length);
        Histogram sketch = Histogram.decodeFromByteBuffer(ByteBuffer.wrap(encoded), SMALLEST_RANGE);
        sketch.setAutoResize(true);
        return sketch;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {}

    @Override
    public void close() {}

    @Override
    public Serializer<RunAggregate> serializer() {
        return this;
    }

    @Override
    public Deserializer<RunAggregate> deserializer() {
        return this;
    }
}
