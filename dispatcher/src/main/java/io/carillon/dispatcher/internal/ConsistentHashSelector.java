package io.carillon.dispatcher.internal;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.WorkerHeartbeat;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * CONSISTENT_HASH: a job always goes to the same instance while the live set stays the same. Each instance takes
 * {@value #VIRTUAL_NODES} points on a ring of 64-bit hashes (MD5 of {@code <instance>#<n>}); a job goes to the first
 * point at or after the hash of its id. When an instance leaves, only its jobs move; when one joins, it takes about
 * {@code 1/n} of the jobs and no job moves between the others. Rings are cached per live set.
 */
public final class ConsistentHashSelector implements WorkerSelector {

    static final int VIRTUAL_NODES = 160;
    private static final int CACHED_RINGS = 64;

    private final Map<List<String>, TreeMap<Long, WorkerHeartbeat>> rings = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<List<String>, TreeMap<Long, WorkerHeartbeat>> eldest) {
            return size() > CACHED_RINGS;
        }
    };

    @Override
    public List<WorkerHeartbeat> select(FireEvent fire, List<WorkerHeartbeat> live, Instant now) {
        List<String> ids = live.stream().map(WorkerHeartbeat::instanceId).toList();
        TreeMap<Long, WorkerHeartbeat> ring = rings.computeIfAbsent(ids, key -> ring(live));
        Map.Entry<Long, WorkerHeartbeat> point = ring.ceilingEntry(hash(fire.jobId()));
        String chosen = (point != null ? point : ring.firstEntry()).getValue().instanceId();
        return List.of(live.get(ids.indexOf(chosen)));
    }

    private static TreeMap<Long, WorkerHeartbeat> ring(List<WorkerHeartbeat> live) {
        TreeMap<Long, WorkerHeartbeat> ring = new TreeMap<>();
        for (WorkerHeartbeat instance : live) {
            for (int node = 0; node < VIRTUAL_NODES; node++) {
                ring.putIfAbsent(hash(instance.instanceId() + "#" + node), instance);
            }
        }
        return ring;
    }

    static long hash(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("MD5").digest(key.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(digest).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is required of every Java runtime", e);
        }
    }
}
