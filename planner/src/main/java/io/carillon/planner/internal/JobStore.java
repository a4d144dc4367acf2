package io.carillon.planner.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.JsonSerde;
import io.carillon.topics.events.JobDefinition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The job states of one stream task ({@link PlannerStores#JOBS}, job id → {@link JobState}) with the most recently
 * used of them kept deserialized. The task owns its store exclusively, so what this cache holds is exactly what the
 * store holds; it is built in the processor's {@code init} and so starts empty whenever the task is (re)initialised
 * (assignment, or revival after its state was wiped). A value is {@link StoreEncoding}'s binary form of the state's
 * progress, pending fires and requested timers followed by the job's definition as the {@code jobs} topic's JSON
 * (the bytes of the record it was read from, as they came), then, when the job has any, its consecutive failures
 * ({@link FailureStreak}: count, incident id, paused at; a value without them has none); the JSON of a definition
 * that did not change is reused
 * rather than written again. Values that earlier planners
 * wrote as JSON are still read. Used by one stream task's thread only.
 */
final class JobStore {

    /** The most job states one task keeps deserialized; the least recently used beyond are read from the store. */
    static final int MAX_CACHED = 4_096;

    private static final JsonSerde<JobState> JSON = JsonSerde.of(JobState.class);
    private static final float LOAD_FACTOR = 0.75f;
    private static final int INITIAL_CAPACITY = 256;
    /** Bytes reserved per pending fire or timer when a value is encoded: a job id, a fire id, two instants. */
    private static final int ENTRY_SIZE_GUESS = 96;

    private final KeyValueStore<String, byte[]> store;
    private final Map<String, Cached> cache = new LinkedHashMap<>(INITIAL_CAPACITY, LOAD_FACTOR, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Cached> eldest) {
            return size() > MAX_CACHED;
        }
    };

    JobStore(KeyValueStore<String, byte[]> store) {
        this.store = store;
    }

    /** The job's state, or null when the task has no such job. */
    JobState get(String jobId) {
        Cached cached = cache.get(jobId);
        if (cached != null) {
            return cached.state();
        }
        byte[] value = store.get(jobId);
        if (value == null) {
            return null;
        }
        Cached read = decode(value);
        cache.put(jobId, read);
        return read.state();
    }

    void put(String jobId, JobState state) {
        Cached before = cache.get(jobId);
        byte[] definition = before != null && before.state().job() == state.job()
                ? before.definition()
                : EventSerdes.JOB.serialize(null, state.job());
        put(jobId, state, definition);
    }

    /**
     * Stores the state of a job whose definition was just read from {@code definition}, the value of its
     * {@code jobs} record: those bytes are kept as they are rather than the definition written again.
     */
    void put(String jobId, JobState state, byte[] definition) {
        store.put(jobId, encode(state, definition));
        cache.put(jobId, new Cached(state, definition));
    }

    /** Removes the job; a put of null, so the removed value is not read back. */
    void delete(String jobId) {
        cache.remove(jobId);
        store.put(jobId, null);
    }

    static byte[] encode(JobState state, byte[] definition) {
        int entries = state.pending().size() + state.requested().size();
        StoreEncoding.Writer writer = new StoreEncoding.Writer(definition.length + ENTRY_SIZE_GUESS * (entries + 1))
                .writeBoolean(state.paused())
                .writeInstant(state.nextAt())
                .writeInstant(state.lastEmittedAt())
                .writeInt(state.pending().size());
        state.pending().forEach(writer::writePending);
        writer.writeInt(state.requested().size());
        state.requested().forEach(writer::writeTimer);
        writer.writeBytes(definition);
        FailureStreak failures = state.failures();
        if (!failures.equals(FailureStreak.NONE)) {
            writer.writeInt(failures.count()).writeString(failures.incidentId()).writeInstant(failures.pausedAt());
        }
        return writer.toByteArray();
    }

    static Cached decode(byte[] value) {
        if (StoreEncoding.isJson(value)) {
            JobState state = JSON.deserialize(null, value);
            return new Cached(state, EventSerdes.JOB.serialize(null, state.job()));
        }
        StoreEncoding.Reader reader = new StoreEncoding.Reader(value);
        boolean paused = reader.readBoolean();
        Instant nextAt = reader.readInstant();
        Instant lastEmittedAt = reader.readInstant();
        List<PendingFire> pending = new ArrayList<>();
        for (int count = reader.readInt(); count > 0; count--) {
            pending.add(reader.readPending());
        }
        List<Timer> requested = new ArrayList<>();
        for (int count = reader.readInt(); count > 0; count--) {
            requested.add(reader.readTimer());
        }
        byte[] definition = reader.readBytes();
        FailureStreak failures = reader.hasRemaining()
                ? new FailureStreak(reader.readInt(), reader.readString(), reader.readInstant())
                : FailureStreak.NONE;
        JobDefinition job = EventSerdes.JOB.deserialize(null, definition);
        return new Cached(new JobState(job, paused, nextAt, lastEmittedAt, pending, requested, failures), definition);
    }

    /** A state with the JSON of its definition. */
    record Cached(JobState state, byte[] definition) {}
}
