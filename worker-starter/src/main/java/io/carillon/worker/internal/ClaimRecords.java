package io.carillon.worker.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.ClaimBatch;
import io.carillon.topics.events.RunResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Packs the claims of one claim round into {@code claims} records: one {@link ClaimBatch} per partition, with an
 * explicit partition (the one each claim's job id maps to, as Kafka's default partitioner places a record keyed by
 * that job id: murmur2 of the key's UTF-8 bytes, so a batch lands on the partition of its jobs' results), keyed by
 * its first claim's job id. A partition's claims go into several records when they exceed
 * {@link ClaimBatch#MAX_CLAIMS} or {@link ClaimBatch#MAX_CHARS}; a claim larger alone travels alone. Claims keep
 * their order within a partition. Stateless.
 */
final class ClaimRecords {

    private ClaimRecords() {}

    /**
     * The records of {@code claims} (made by {@code instance} at {@code claimedAt}) for {@code topic} of
     * {@code partitions} partitions; empty for no claims.
     */
    static List<ProducerRecord<String, byte[]>> pack(
            String topic, int partitions, List<RunResult> claims, String instance, Instant claimedAt) {
        if (partitions < 1) {
            throw new IllegalArgumentException("topic " + topic + " has no partitions");
        }
        Map<Integer, List<RunResult>> byPartition = new LinkedHashMap<>();
        for (RunResult claim : claims) {
            byPartition
                    .computeIfAbsent(TopicCatalog.partitionOf(claim.jobId(), partitions), p -> new ArrayList<>())
                    .add(claim);
        }
        List<ProducerRecord<String, byte[]>> records = new ArrayList<>();
        byPartition.forEach((partition, group) -> {
            for (List<RunResult> chunk : chunks(group)) {
                ClaimBatch batch = new ClaimBatch(chunk, instance, claimedAt);
                records.add(new ProducerRecord<>(
                        topic, partition, chunk.get(0).jobId(), EventSerdes.CLAIM_BATCH.serialize(topic, batch)));
            }
        });
        return records;
    }

    /** {@code group} cut into runs of at most {@link ClaimBatch#MAX_CLAIMS} claims and {@link ClaimBatch#MAX_CHARS}. */
    static List<List<RunResult>> chunks(List<RunResult> group) {
        List<List<RunResult>> chunks = new ArrayList<>();
        List<RunResult> chunk = new ArrayList<>();
        long chars = 0;
        for (RunResult claim : group) {
            long size = ClaimBatch.estimatedChars(claim);
            if (!chunk.isEmpty() && (chunk.size() == ClaimBatch.MAX_CLAIMS || chars + size > ClaimBatch.MAX_CHARS)) {
                chunks.add(chunk);
                chunk = new ArrayList<>();
                chars = 0;
            }
            chunk.add(claim);
            chars += size;
        }
        if (!chunk.isEmpty()) {
            chunks.add(chunk);
        }
        return chunks;
    }
}
