package io.carillon.planner.internal;

import io.carillon.topics.JsonSerde;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.WorkflowRef;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;

/**
 * The compact binary encoding of the planner's own store values ({@link Timer}, {@link PendingFire}, the progress
 * part of {@link JobState}): length-prefixed UTF-8 strings, enum constants by name, instants as epoch seconds and
 * nanos, a leading flag for what may be null. A value in this encoding starts with {@link #FORMAT}; one that starts with {@code '{'} is the
 * JSON the planner wrote before and is still read. Format {@link #FORMAT} adds to each timer its workflow ref (JSON,
 * may be null) after the fields of format {@link #FORMAT_WITHOUT_WORKFLOW}, whose values are still read. Stateless; the writer and reader it hands out are not
 * thread-safe.
 */
final class StoreEncoding {

    /** The first byte of a binary value: never {@code '{'}, the first byte of the earlier JSON values. */
    static final byte FORMAT = 2;

    /** The format before timers carried a workflow ref. */
    static final byte FORMAT_WITHOUT_WORKFLOW = 1;

    static final byte JSON_START = '{';

    private static final int INITIAL_CAPACITY = 256;

    private static final JsonSerde<WorkflowRef> WORKFLOW_REF = JsonSerde.of(WorkflowRef.class);

    private StoreEncoding() {}

    static boolean isJson(byte[] value) {
        return value.length > 0 && value[0] == JSON_START;
    }

    /** Builds one value in a growing array (no stream, no locking). */
    static final class Writer {

        private byte[] bytes;
        private int size;

        Writer() {
            this(INITIAL_CAPACITY);
        }

        /** A writer for a value of about {@code expectedSize} bytes. */
        Writer(int expectedSize) {
            bytes = new byte[Math.max(expectedSize, 1)];
            writeByte(FORMAT);
        }

        Writer writeByte(int value) {
            ensure(1);
            bytes[size++] = (byte) value;
            return this;
        }

        Writer writeInt(int value) {
            ensure(Integer.BYTES);
            for (int shift = Integer.SIZE - Byte.SIZE; shift >= 0; shift -= Byte.SIZE) {
                bytes[size++] = (byte) (value >>> shift);
            }
            return this;
        }

        Writer writeLong(long value) {
            ensure(Long.BYTES);
            for (int shift = Long.SIZE - Byte.SIZE; shift >= 0; shift -= Byte.SIZE) {
                bytes[size++] = (byte) (value >>> shift);
            }
            return this;
        }

        Writer writeBoolean(boolean value) {
            return writeByte(value ? 1 : 0);
        }

        Writer writeBytes(byte[] value) {
            writeInt(value.length);
            ensure(value.length);
            System.arraycopy(value, 0, bytes, size, value.length);
            size += value.length;
            return this;
        }

        Writer writeString(String value) {
            writeBoolean(value != null);
            return value == null ? this : writeBytes(value.getBytes(StandardCharsets.UTF_8));
        }

        Writer writeOptionalInt(Integer value) {
            writeBoolean(value != null);
            return value == null ? this : writeInt(value);
        }

        Writer writeInstant(Instant value) {
            writeBoolean(value != null);
            return value == null ? this : writeLong(value.getEpochSecond()).writeInt(value.getNano());
        }

        Writer writeKind(FireKind kind) {
            return writeString(kind == null ? null : kind.name());
        }

        Writer writeTimer(Timer timer) {
            return writeString(timer.jobId())
                    .writeString(timer.fireId())
                    .writeInstant(timer.at())
                    .writeKind(timer.kind())
                    .writeString(timer.params())
                    .writeString(timer.parentRunId())
                    .writeInt(timer.attempt())
                    .writeInstant(timer.until())
                    .writeOptionalInt(timer.shardIndex())
                    .writeOptionalInt(timer.shardTotal())
                    .writeString(timer.workflow() == null ? null : WORKFLOW_REF.toJson(timer.workflow()));
        }

        Writer writePending(PendingFire fire) {
            return writeString(fire.fireId())
                    .writeInstant(fire.scheduledAt())
                    .writeKind(fire.kind())
                    .writeInstant(fire.dueAt());
        }

        byte[] toByteArray() {
            return size == bytes.length ? bytes : Arrays.copyOf(bytes, size);
        }

        private void ensure(int more) {
            if (size + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
            }
        }
    }

    /** Reads one value written by {@link Writer}, after its format byte. */
    static final class Reader {

        private final ByteBuffer in;
        private final byte format;

        Reader(byte[] value) {
            if (value.length == 0 || (value[0] != FORMAT && value[0] != FORMAT_WITHOUT_WORKFLOW)) {
                throw new IllegalArgumentException(
                        "not a planner store value of format " + FORMAT_WITHOUT_WORKFLOW + " or " + FORMAT);
            }
            this.format = value[0];
            this.in = ByteBuffer.wrap(value, 1, value.length - 1);
        }

        int readByte() {
            return in.get();
        }

        int readInt() {
            return in.getInt();
        }

        boolean readBoolean() {
            return readByte() != 0;
        }

        byte[] readBytes() {
            byte[] value = new byte[readInt()];
            in.get(value);
            return value;
        }

        /** Skips a value written by {@link Writer#writeBytes}. */
        void skipBytes() {
            int length = readInt();
            in.position(in.position() + length);
        }

        boolean hasRemaining() {
            return in.hasRemaining();
        }

        String readString() {
            return readBoolean() ? new String(readBytes(), StandardCharsets.UTF_8) : null;
        }

        Integer readOptionalInt() {
            return readBoolean() ? readInt() : null;
        }

        Instant readInstant() {
            if (!readBoolean()) {
                return null;
            }
            long seconds = in.getLong();
            return Instant.ofEpochSecond(seconds, in.getInt());
        }

        FireKind readKind() {
            String name = readString();
            return name == null ? null : FireKind.valueOf(name);
        }

        Timer readTimer() {
            return new Timer(
                    readString(),
                    readString(),
                    readInstant(),
                    readKind(),
                    readString(),
                    readString(),
                    readInt(),
                    readInstant(),
                    readOptionalInt(),
                    readOptionalInt(),
                    format == FORMAT_WITHOUT_WORKFLOW ? null : readWorkflowRef());
        }

        private WorkflowRef readWorkflowRef() {
            String json = readString();
            return json == null ? null : WORKFLOW_REF.parse(json);
        }

        PendingFire readPending() {
            return new PendingFire(readString(), readInstant(), readKind(), readInstant());
        }
    }
}
