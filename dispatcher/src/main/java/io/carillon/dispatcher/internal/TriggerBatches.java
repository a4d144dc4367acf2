package io.carillon.dispatcher.internal;

import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.TriggerBatch;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Packs the triggers of one transaction that go to the same partition and are due at the same instant into
 * {@link TriggerBatch} records (at most {@link TriggerBatch#MAX_TRIGGERS} runs and {@link TriggerBatch#MAX_CHARS}
 * each, keyed by the first run's id), so
 * the worker that owns the partition reads, claims and commits them as one; a lone trigger stays a record of its own.
 * Other records pass unchanged, ahead of the triggers. Stateless.
 */
final class TriggerBatches {

    private TriggerBatches() {}

    static List<ProducerRecord<String, Object>> pack(List<ProducerRecord<String, Object>> records) {
        List<ProducerRecord<String, Object>> packed = new ArrayList<>(records.size());
        Map<Destination, List<ProducerRecord<String, Object>>> triggers = new LinkedHashMap<>();
        for (ProducerRecord<String, Object> record : records) {
            if (record.value() instanceof Trigger trigger) {
                triggers.computeIfAbsent(
                                new Destination(record.topic(), record.partition(), trigger.dueAt()),
                                d -> new ArrayList<>())
                        .add(record);
            } else {
                packed.add(record);
            }
        }
        triggers.forEach((destination, group) -> packGroup(destination, group, packed));
        return packed;
    }

    private static void packGroup(
            Destination destination,
            List<ProducerRecord<String, Object>> group,
            List<ProducerRecord<String, Object>> packed) {
        List<ProducerRecord<String, Object>> chunk = new ArrayList<>();
        long chars = 0;
        for (ProducerRecord<String, Object> record : group) {
            long size = TriggerBatch.estimatedChars((Trigger) record.value());
            if (!chunk.isEmpty()
                    && (chunk.size() == TriggerBatch.MAX_TRIGGERS || chars + size > TriggerBatch.MAX_CHARS)) {
                packed.add(together(destination, chunk));
                chunk = new ArrayList<>();
                chars = 0;
            }
            chunk.add(record);
            chars += size;
        }
        packed.add(together(destination, chunk));
    }

    private static ProducerRecord<String, Object> together(
            Destination destination, List<ProducerRecord<String, Object>> chunk) {
        if (chunk.size() == 1) {
            return chunk.get(0);
        }
        List<Trigger> runs =
                chunk.stream().map(record -> (Trigger) record.value()).toList();
        return new ProducerRecord<>(
                destination.topic(), destination.partition(), chunk.get(0).key(), new TriggerBatch(runs));
    }

    /** Where a trigger goes: its topic and partition (null: by key), and when it is due. */
    private record Destination(String topic, Integer partition, Instant dueAt) {}
}
