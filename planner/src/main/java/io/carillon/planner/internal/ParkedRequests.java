package io.carillon.planner.internal;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Requests for a job the planner does not hold yet (created and triggered within milliseconds by a raw producer, or
 * a child job whose definition is still on its way), parked in {@link PlannerStores#PARKED_REQUESTS} for the grace
 * ({@link io.carillon.planner.PlannerSettings#unknownJobGrace()}). Key {@code <job id>|<offset, 19 digits>}: a job's
 * requests come from one partition, so they sort in the order they were read and a prefix scan finds them when the
 * job arrives. Those still parked when the grace is over are handed back as expired, to be dead-lettered. Used by
 * one stream task's thread only.
 */
final class ParkedRequests {

    private static final char SEPARATOR = '|';
    private static final String OFFSET_FORMAT = "%019d";

    private final KeyValueStore<String, ParkedRequest> store;
    private final Duration grace;

    ParkedRequests(KeyValueStore<String, ParkedRequest> store, Duration grace) {
        this.store = store;
        this.grace = grace;
    }

    Duration grace() {
        return grace;
    }

    /** Parks the request record for {@code jobId}; false (nothing parked) when the grace is zero. */
    boolean park(RecordMetadata source, String jobId, String key, byte[] value, Instant now) {
        if (grace.isZero()) {
            return false;
        }
        String text = value == null ? null : new String(value, StandardCharsets.UTF_8);
        store.put(
                jobId + SEPARATOR + String.format(OFFSET_FORMAT, source.offset()),
                new ParkedRequest(
                        source.topic(), source.partition(), source.offset(), key, text, now, now.plus(grace)));
        return true;
    }

    /** Removes and returns the requests parked for {@code jobId}, in the order they were read. */
    List<ParkedRequest> release(String jobId) {
        List<String> keys = new ArrayList<>();
        List<ParkedRequest> released = new ArrayList<>();
        try (KeyValueIterator<String, ParkedRequest> parked =
                store.prefixScan(jobId + SEPARATOR, new StringSerializer())) {
            parked.forEachRemaining(entry -> {
                keys.add(entry.key);
                released.add(entry.value);
            });
        }
        keys.forEach(key -> store.put(key, null));
        return released;
    }

    /** Whether no request is parked. */
    boolean isEmpty() {
        try (KeyValueIterator<String, ParkedRequest> parked = store.all()) {
            return !parked.hasNext();
        }
    }

    /** Removes and returns the requests whose grace is over at {@code now}. */
    List<ParkedRequest> expire(Instant now) {
        List<String> keys = new ArrayList<>();
        List<ParkedRequest> expired = new ArrayList<>();
        try (KeyValueIterator<String, ParkedRequest> parked = store.all()) {
            parked.forEachRemaining(entry -> {
                if (!entry.value.expiresAt().isAfter(now)) {
                    keys.add(entry.key);
                    expired.add(entry.value);
                }
            });
        }
        keys.forEach(key -> store.put(key, null));
        return expired;
    }

    static byte[] bytes(ParkedRequest request) {
        return request.value() == null ? null : request.value().getBytes(StandardCharsets.UTF_8);
    }
}
