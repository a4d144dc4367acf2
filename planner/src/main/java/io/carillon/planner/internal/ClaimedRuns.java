package io.carillon.planner.internal;

import io.carillon.topics.events.ClaimBatch;
import io.carillon.topics.events.RunResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The runs opened by the claims of {@code claims} batches and not ended yet ({@link PlannerStores#OPEN_CLAIMS}), kept
 * per batch ({@link ClaimedBatch}): a batch's base is written once when it is read, its ended bits each time one of
 * its runs ends, and both are deleted with its last run, so the store's cache turns the hundreds of claims and ends of
 * a batch into a few changelog records rather than a put and a tombstone per run. Keys: {@code c:<batch>} for a
 * base, {@code e:<batch>} for its ended bits (stored once one run of the batch has ended before its last one, so
 * never for a batch of one run), where {@code <batch>} is the batch's claim instant, instance and first
 * run id. The store is read whole into memory when the task starts (its size is bounded by the workers' capacity,
 * not the number of jobs) and kept in step with it after that. Used by one stream task's thread only.
 */
final class ClaimedRuns {

    /** A claim still open, as a check reads it; {@code aliveAt}: when its worker was alive, by the claim. */
    record Open(RunResult run, Instant seenAt, Instant aliveAt, Instant timeoutAt) {}

    private record Place(ClaimedBatch batch, int position) {}

    private static final String BASE_PREFIX = "c:";
    private static final String ENDED_PREFIX = "e:";

    private final KeyValueStore<String, byte[]> store;
    private final Map<String, ClaimedBatch> batches = new LinkedHashMap<>();
    private final Map<String, Place> places = new HashMap<>();

    ClaimedRuns(KeyValueStore<String, byte[]> store) {
        this.store = store;
        load();
    }

    /** Whether a batch holds {@code runId} open. */
    boolean contains(String runId) {
        return places.containsKey(runId);
    }

    /** Whether no claimed run is open. */
    boolean isEmpty() {
        return batches.isEmpty();
    }

    /**
     * Opens {@code claims}, taken from {@code batch} (read as {@code json}) at {@code now}, whose worker was alive at
     * {@code aliveAt}; none of them may be open here already. Nothing is written for no claims.
     */
    void open(ClaimBatch batch, byte[] json, List<ClaimedBatch.Claim> claims, Instant now, Instant aliveAt) {
        if (claims.isEmpty()) {
            return;
        }
        ClaimedBatch claimed = new ClaimedBatch(keyOf(batch, claims.get(0)), now, aliveAt, claims, json, new BitSet());
        store.put(BASE_PREFIX + claimed.key(), claimed.base());
        index(claimed);
    }

    /** Ends {@code runId}'s claim; false when no batch holds it open. */
    boolean close(String runId) {
        Place place = places.remove(runId);
        if (place == null) {
            return false;
        }
        ClaimedBatch batch = place.batch();
        batch.end(place.position());
        String key = batch.key();
        if (batch.allEnded()) {
            batches.remove(key);
            store.put(BASE_PREFIX + key, null);
            if (batch.size() > 1) {
                store.put(ENDED_PREFIX + key, null);
            }
        } else {
            store.put(ENDED_PREFIX + key, batch.endedBits());
        }
        return true;
    }

    /** The claims open now, in the order their batches were read. */
    List<Open> open() {
        List<Open> open = new ArrayList<>(places.size());
        for (ClaimedBatch batch : batches.values()) {
            batch.forEachOpen(position -> {
                ClaimedBatch.Claim claim = batch.claim(position);
                open.add(new Open(claim.run(), batch.seenAt(), batch.aliveAt(), claim.timeoutAt()));
            });
        }
        return open;
    }

    private void index(ClaimedBatch batch) {
        batches.put(batch.key(), batch);
        batch.forEachOpen(position -> places.put(batch.claim(position).run().runId(), new Place(batch, position)));
    }

    private String keyOf(ClaimBatch batch, ClaimedBatch.Claim first) {
        String key =
                batch.claimedAt() + "|" + batch.instance() + "|" + first.run().runId();
        String unique = key;
        for (int n = 2; batches.containsKey(unique); n++) {
            unique = key + "|" + n;
        }
        return unique;
    }

    private void load() {
        Map<String, byte[]> bases = new LinkedHashMap<>();
        Map<String, byte[]> endedBits = new HashMap<>();
        try (KeyValueIterator<String, byte[]> entries = store.all()) {
            while (entries.hasNext()) {
                KeyValue<String, byte[]> entry = entries.next();
                if (entry.key.startsWith(BASE_PREFIX)) {
                    bases.put(entry.key.substring(BASE_PREFIX.length()), entry.value);
                } else if (entry.key.startsWith(ENDED_PREFIX)) {
                    endedBits.put(entry.key.substring(ENDED_PREFIX.length()), entry.value);
                }
            }
        }
        bases.forEach((key, base) -> index(ClaimedBatch.read(key, base, endedBits.get(key))));
    }
}
