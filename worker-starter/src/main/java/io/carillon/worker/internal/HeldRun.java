package io.carillon.worker.internal;

import io.carillon.topics.events.Trigger;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * A run taken from {@code offset} of {@code partition}, due at {@code dueAt} ({@link Instant#MIN}: now);
 * {@code claimedWith} is how many runs of its record were claimed together with it (0 while unclaimed).
 */
record HeldRun(TopicPartition partition, long offset, Trigger trigger, Instant dueAt, int claimedWith) {

    /** {@code due}, just claimed, each knowing how many runs of its record were claimed with it. */
    static List<HeldRun> claimedTogether(List<HeldRun> due) {
        Map<Place, Integer> perRecord = countPerRecord(due);
        return due.stream()
                .map(run -> new HeldRun(
                        run.partition(), run.offset(), run.trigger(), run.dueAt(), perRecord.get(run.place())))
                .toList();
    }

    /** Those of {@code runs} whose record has every run it was claimed with among them. */
    static List<HeldRun> wholeRecords(List<HeldRun> runs) {
        Map<Place, Integer> perRecord = countPerRecord(runs);
        return runs.stream()
                .filter(run -> perRecord.get(run.place()) == run.claimedWith())
                .toList();
    }

    private static Map<Place, Integer> countPerRecord(List<HeldRun> runs) {
        Map<Place, Integer> counts = new HashMap<>();
        runs.forEach(run -> counts.merge(run.place(), 1, Integer::sum));
        return counts;
    }

    private Place place() {
        return new Place(partition, offset);
    }

    /** Where a trigger record was read. */
    private record Place(TopicPartition partition, long offset) {}
}
