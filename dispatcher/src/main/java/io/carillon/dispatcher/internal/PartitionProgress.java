package io.carillon.dispatcher.internal;

import java.util.NavigableSet;
import java.util.TreeSet;

import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the dispatcher has done with the records of one {@code fires} partition, and so which offset it may commit:
 * the low-water mark, the smallest offset of a fire still held, or past the last record read when none is. Offsets
 * above it already handled travel in the commit's metadata ({@link DoneOffsets}). Not thread-safe.
 */
public final class PartitionProgress {

    private static final Logger log = LoggerFactory.getLogger(PartitionProgress.class);

    private final TopicPartition partition;
    private final DoneOffsets doneBefore;
    private final NavigableSet<Long> held = new TreeSet<>();
    private final NavigableSet<Long> done = new TreeSet<>();
    private long position = -1;
    private boolean changed;
    private OffsetAndMetadata lastCommitted;

    /** Progress starting from the committed offset {@code committed} (null when the group never committed). */
    public PartitionProgress(TopicPartition partition, OffsetAndMetadata committed) {
        this.partition = partition;
        this.lastCommitted = committed == null ? null
                : new OffsetAndMetadata(committed.offset(), committed.metadata());
        this.doneBefore = committed == null ? DoneOffsets.NONE
                : DoneOffsets.decode(committed.offset(), committed.metadata());
        if (!doneBefore.isEmpty()) {
            log.info("{}: skipping fires at offsets already dispatched before the last commit (up to {})",
                    partition, doneBefore.last());
        }
    }

    /** Whether the record at {@code offset} was handled by an earlier owner of this partition. */
    public boolean handledBefore(long offset) {
        return doneBefore.contains(offset);
    }

    /** The record at {@code offset} is a fire now held. */
    public void hold(long offset) {
        held.add(offset);
        advance(offset);
    }

    /** The record at {@code offset} needs nothing more (dispatched, cancelled, dead-lettered, skipped). */
    public void finish(long offset) {
        held.remove(offset);
        done.add(offset);
        advance(offset);
    }

    /**
     * The offset (and metadata) to commit now, or null when it is what was committed last (or nothing was read).
     * Remembers it as committed: if the transaction fails, the partition is started again from the broker's offset.
     */
    public OffsetAndMetadata commitPoint(int maxMetadataChars) {
        if (!changed) {
            return null;
        }
        changed = false;
        long lowWaterMark = held.isEmpty() ? position : held.first();
        done.headSet(lowWaterMark).clear();
        DoneOffsets.Encoded encoded = DoneOffsets.encode(lowWaterMark, done, held, maxMetadataChars);
        if (encoded.rangesLeftOut() > 0) {
            log.warn("{}: {} ranges of dispatched offsets above {} do not fit in the offset metadata; a successor"
                    + " may dispatch them again", partition, encoded.rangesLeftOut(), lowWaterMark);
        }
        OffsetAndMetadata point = new OffsetAndMetadata(lowWaterMark, encoded.metadata());
        if (point.equals(lastCommitted)) {
            return null;
        }
        lastCommitted = point;
        return point;
    }

    private void advance(long offset) {
        position = Math.max(position, offset + 1);
        changed = true;
    }
}
