package io.carillon.planner.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

import io.carillon.topics.events.FireKind;

/**
 * The compact binary encoding of the planner's own store values ({@link Timer}, {@link PendingFire}, the progress
 * part of {@link JobState}): length-prefixed UTF-8 strings, enum constants by name, instants as epoch seconds and
 * nanos, a leading flag for what may be null. A value in this encoding starts with {@link #FORMAT}; one that starts with {@code '{'} is the
 * JSON the planner wrote before and is still read. Stateless; the writer and reader it hands out are not
 * thread-safe.
 */
final class StoreEncoding {

    /** The first byte of a binary value: never {@code '{'}, the first byte of the earlier JSON values. */
    static final byte FORMAT = 1;
    static final byte JSON_START = '{';

    private static final int INITIAL_CAPACITY = 256;

    private StoreEncoding() {
    }

    static boolean isJson(byte[] value) {
        return value.length > 0 && value[0] == JSON_START;
    }

    /** Builds one value. */
    static final class Writer {

        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(INITIAL_CAPACITY);
        private final DataOutputStream out = new DataOutputStream(bytes);

        Writer() {
            writeByte(FORMAT);
        }

        Writer writeByte(int value) {
            try {
                out.writeByte(value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Writer writeInt(int value) {
            try {
                out.writeInt(value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Writer writeBoolean(boolean value) {
            return writeByte(value ? 1 : 0);
        }

        Writer writeBytes(byte[] value) {
            writeInt(value.length);
            bytes.writeBytes(value);
            return this;
        }

        Writer writeString(String value) {
            writeBoolean(value != null);
            return value == null ? this : writeBytes(value.getBytes(StandardCharsets.UTF_8));
        }

        Writer writeInstant(Instant value) {
            writeBoolean(value != null);
            if (value != null) {
                try {
                    out.writeLong(value.getEpochSecond());
                    out.writeInt(value.getNano());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return this;
        }

        Writer writeKind(FireKind kind) {
            return writeString(kind == null ? null : kind.name());
        }

        Writer writeTimer(Timer timer) {
            return writeString(timer.jobId()).writeString(timer.fireId()).writeInstant(timer.at())
                    .writeKind(timer.kind()).writeString(timer.params()).writeString(timer.parentRunId())
                    .writeInt(timer.attempt()).writeInstant(timer.until());
        }

        Writer writePending(PendingFire fire) {
            return writeString(fire.fireId()).writeInstant(fire.scheduledAt()).writeKind(fire.kind())
                    .writeInstant(fire.dueAt());
        }

        byte[] toByteArray() {
            return bytes.toByteArray();
        }
    }

    /** Reads one value written by {@link Writer}, after its format byte. */
    static final class Reader {

        private final DataInputStream in;

        Reader(byte[] value) {
            if (value.length == 0 || value[0] != FORMAT) {
                throw new IllegalArgumentException("not a planner store value of format " + FORMAT);
            }
            this.in = new DataInputStream(new ByteArrayInputStream(value, 1, value.length - 1));
        }

        int readByte() {
            try {
                return in.readByte();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        int readInt() {
            try {
                return in.readInt();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        boolean readBoolean() {
            return readByte() != 0;
        }

        byte[] readBytes() {
            try {
                byte[] value = new byte[readInt()];
                in.readFully(value);
                return value;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        String readString() {
            return readBoolean() ? new String(readBytes(), StandardCharsets.UTF_8) : null;
        }

        Instant readInstant() {
            if (!readBoolean()) {
                return null;
            }
            try {
                long seconds = in.readLong();
                return Instant.ofEpochSecond(seconds, in.readInt());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        FireKind readKind() {
            String name = readString();
            return name == null ? null : FireKind.valueOf(name);
        }

        Timer readTimer() {
            return new Timer(readString(), readString(), readInstant(), readKind(), readString(), readString(),
                    readInt(), readInstant());
        }

        PendingFire readPending() {
            return new PendingFire(readString(), readInstant(), readKind(), readInstant());
        }
    }
}
