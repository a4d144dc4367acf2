package io.carillon.worker.internal;

import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.stream.LongStream;

import org.apache.kafka.clients.consumer.OffsetAndMetadata;

import io.carillon.topics.offsets.DoneOffsets;

/** The commit of a trigger partition whose taken runs have not all started. Stateless. */
final class TriggerCommits {

    /** Within the broker's default {@code offset.metadata.max.bytes}; offsets beyond what fits are run again. */
    static final int MAX_METADATA_CHARS = DoneOffsets.BROKER_DEFAULT_MAX_CHARS;

    private TriggerCommits() {
    }

    /**
     * The commit at the first run not yet started, listing in its metadata every offset above it and below
     * {@code next} (the offset after the last record taken) that is not among {@code unstarted} (ascending, not
     * empty, all below {@code next}).
     */
    static OffsetAndMetadata below(LongStream unstarted, long next) {
        PrimitiveIterator.OfLong offsets = unstarted.iterator();
        long first = offsets.nextLong();
        List<Map.Entry<Long, Long>> started = new ArrayList<>();
        long previous = first;
        while (offsets.hasNext()) {
            long offset = offsets.nextLong();
            addBetween(started, previous, offset);
            previous = offset;
        }
        addBetween(started, previous, next);
        return new OffsetAndMetadata(first, DoneOffsets.encodeWithin(first, started, MAX_METADATA_CHARS));
    }

    private static void addBetween(List<Map.Entry<Long, Long>> ranges, long below, long above) {
        if (above - below > 1) {
            ranges.add(new SimpleImmutableEntry<>(below + 1, above - 1));
        }
    }
}
