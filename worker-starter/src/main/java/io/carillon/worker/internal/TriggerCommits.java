package io.carillon.worker.internal;

import io.carillon.topics.offsets.DoneOffsets;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.stream.LongStream;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;

/** The commit of a trigger partition that holds runs not claimed yet ({@link TriggerLoop}). Stateless. */
final class TriggerCommits {

    /** Within the broker's default {@code offset.metadata.max.bytes}; offsets beyond what fits would run again. */
    static final int MAX_METADATA_CHARS = DoneOffsets.BROKER_DEFAULT_MAX_CHARS;

    private TriggerCommits() {}

    /**
     * The commit at the first run held, listing in its metadata every offset above it and below {@code next} (the
     * offset after the last record polled) that is not among {@code held} (ascending, not empty, all below
     * {@code next}): the runs claimed, and the records dealt with at once.
     */
    static OffsetAndMetadata below(LongStream held, long next) {
        PrimitiveIterator.OfLong offsets = held.iterator();
        long first = offsets.nextLong();
        List<Map.Entry<Long, Long>> done = new ArrayList<>();
        long previous = first;
        while (offsets.hasNext()) {
            long offset = offsets.nextLong();
            addBetween(done, previous, offset);
            previous = offset;
        }
        addBetween(done, previous, next);
        return new OffsetAndMetadata(first, DoneOffsets.encodeWithin(first, done, MAX_METADATA_CHARS));
    }

    private static void addBetween(List<Map.Entry<Long, Long>> ranges, long below, long above) {
        if (above - below > 1) {
            ranges.add(new SimpleImmutableEntry<>(below + 1, above - 1));
        }
    }
}
