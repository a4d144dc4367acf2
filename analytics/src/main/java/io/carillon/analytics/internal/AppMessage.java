package io.carillon.analytics.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Arrays;

/**
 * What goes to the app-analytics processor through the repartition topic (key: app), in a binary form that starts with
 * its kind: a job's closed minute ({@link Minute}), whether a job watches its app for live workers ({@link Job}),
 * and how long a worker of the app is alive ({@link Heartbeat}).
 */
sealed interface AppMessage {

    byte MINUTE = 1;
    byte JOB = 2;
    byte HEARTBEAT = 3;

    byte[] encode();

    /** A job's closed minute, starting at {@code start}. */
    record Minute(Instant start, RunAggregate aggregate) implements AppMessage {
        @Override
        public byte[] encode() {
            byte[] aggregateBytes = RunAggregateSerde.encode(aggregate);
            return write(MINUTE, out -> {
                out.writeLong(start.toEpochMilli());
                out.write(aggregateBytes);
            });
        }
    }

    /**
     * Whether job {@code jobId} of the app watches it for live workers ({@code watched}: enabled, no-worker rule on)
     * and after how long without one an incident opens.
     */
    record Job(String jobId, boolean watched, long graceMs) implements AppMessage {
        @Override
        public byte[] encode() {
            return write(JOB, out -> {
                out.writeUTF(jobId);
                out.writeBoolean(watched);
                out.writeLong(graceMs);
            });
        }
    }

    /** A heartbeat of worker {@code instanceId} of the app, alive until {@code expiresAt}. */
    record Heartbeat(String instanceId, Instant expiresAt) implements AppMessage {
        @Override
        public byte[] encode() {
            return write(HEARTBEAT, out -> {
                out.writeUTF(instanceId);
                out.writeLong(expiresAt.toEpochMilli());
            });
        }
    }

    static AppMessage decode(byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, 1, bytes.length - 1))) {
            return switch (bytes[0]) {
                case MINUTE ->
                    new Minute(
                            Instant.ofEpochMilli(in.readLong()),
                            RunAggregateSerde.decode(Arrays.copyOfRange(bytes, 1 + Long.BYTES, bytes.length)));
                case JOB -> new Job(in.readUTF(), in.readBoolean(), in.readLong());
                case HEARTBEAT -> new Heartbeat(in.readUTF(), Instant.ofEpochMilli(in.readLong()));
                default -> throw new IllegalArgumentException("not an app message: kind " + bytes[0]);
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] write(byte kind, Body body) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(kind);
            body.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Writes a message's fields after its kind. */
    interface Body {
        void write(DataOutputStream out) throws IOException;
    }
}
