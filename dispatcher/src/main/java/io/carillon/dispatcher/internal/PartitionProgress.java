package io.carillon.dispatcher.internal;

import io.carillon.topics.offsets.DoneOffsets;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the dispatcher has done with the records of one {@code fires} partition, and so which offset it may commit:
 * the low-water mark, the smallest offset of a record still held, or past the last record read when none is. Offsets
 * above it already handled travel in the commit's metadata ({@link DoneOffsets}) as ranges, merged over everything
 * that is not held.
 *
 * <p>The metadata never overflows the broker's {@code offset.metadata.max.bytes}: a record may only be finished when
 * {@link #canFinish} says the encoding still fits; the caller holds back the others (they stay held here) until the
 * mark advances. Finishing the record at the mark always fits (it only shortens the encoding), so what is held back
 * always gets its turn. Not thread-safe.
 */
public final class PartitionProgress {

    private static final Logger log = LoggerFactory.getLogger(PartitionProgress.class);

    private final TopicPartition partition;
    private final DoneOffsets doneBefore;
    private final int maxMetadataChars;
    private final NavigableSet<Long> held = new TreeSet<>();
    /** Done offsets above the mark as maximal ranges (first to last) that contain no held offset. */
    private final TreeMap<Long, Long> done = new TreeMap<>();

    private long position = -1;
    /** The length of the metadata encoding {@link #done} above the mark, kept as ranges change. */
    private int metadataLength;
    /** Counts changes of held and done offsets, so that the length computed for canFinish serves finish too. */
    private long version;

    private long lengthAfterOffset = -1;
    private long lengthAfterVersion = -1;
    private int lengthAfter;
    private boolean changed;
    private OffsetAndMetadata lastCommitted;

    /**
     * Progress starting from the committed offset {@code committed} (null when the group never committed), whose
     * metadata may take at most {@code maxMetadataChars}.
     */
    public PartitionProgress(TopicPartition partition, OffsetAndMetadata committed, int maxMetadataChars) {
        this.partition = partition;
        this.maxMetadataChars = maxMetadataChars;
        this.lastCommitted = committed == null ? null : new OffsetAndMetadata(committed.offset(), committed.metadata());
        this.doneBefore =
                committed == null ? DoneOffsets.NONE : DoneOffsets.decode(committed.offset(), committed.metadata());
        if (!doneBefore.isEmpty()) {
            log.info(
                    "{}: skipping fires at offsets already dispatched before the last commit (up to {})",
                    partition,
                    doneBefore.last());
        }
    }

    /** The partition whose records this tracks. */
    public TopicPartition partition() {
        return partition;
    }

    /** Whether the record at {@code offset} was handled by an earlier owner of this partition. */
    public boolean handledBefore(long offset) {
        return doneBefore.contains(offset);
    }

    /** The record at {@code offset} (read now, or held back) waits: a held fire, or work that does not fit yet. */
    public void hold(long offset) {
        held.add(offset);
        advance(offset);
    }

    /**
     * Whether the record at {@code offset} (held, or just read) can be finished now: whether the offsets done above
     * the mark, with it, still fit in the metadata.
     */
    public boolean canFinish(long offset) {
        return metadataLengthAfter(offset) <= maxMetadataChars;
    }

    /**
     * The record at {@code offset} needs nothing more (dispatched, cancelled, dead-lettered, skipped). Call only when
     * {@link #canFinish} allows it.
     */
    public void finish(long offset) {
        metadataLength = metadataLengthAfter(offset);
        long[] merged = mergedRange(offset);
        held.remove(offset);
        if (merged[0] != offset) {
            done.remove(merged[0]);
        }
        if (merged[2] >= 0) {
            done.remove(merged[2]);
        }
        done.put(merged[0], merged[1]);
        advance(offset);
        done.headMap(lowWaterMark()).clear();
    }

    /** How many records are held (fires waiting, work held back). */
    public int heldCount() {
        return held.size();
    }

    /**
     * The offset (and metadata) to commit now, or null when it is what was committed last (or nothing was read).
     * Remembers it as committed: if the transaction fails, the partition is started again from the broker's offset.
     */
    public OffsetAndMetadata commitPoint() {
        if (!changed) {
            return null;
        }
        changed = false;
        long lowWaterMark = lowWaterMark();
        OffsetAndMetadata point =
                new OffsetAndMetadata(lowWaterMark, DoneOffsets.encode(lowWaterMark, done.tailMap(lowWaterMark, true)));
        if (point.equals(lastCommitted)) {
            return null;
        }
        lastCommitted = point;
        return point;
    }

    /** The length of the metadata now (what {@link #commitPoint} would encode). */
    int metadataLength() {
        return metadataLength;
    }

    /**
     * The length of the metadata once {@code offset} is finished, from the current length and the ranges around
     * {@code offset} (O(log n); when the mark moves, plus the ranges that drop out below it, each once).
     */
    int metadataLengthAfter(long offset) {
        if (offset != lengthAfterOffset || version != lengthAfterVersion) {
            lengthAfter = computeLengthAfter(offset);
            lengthAfterOffset = offset;
            lengthAfterVersion = version;
        }
        return lengthAfter;
    }

    private int computeLengthAfter(long offset) {
        long mark = lowWaterMark();
        long newMark = markWithout(offset);
        if (newMark != mark) {
            return lengthWithMarkMovedTo(newMark, mark);
        }
        long[] merged = mergedRange(offset);
        Map.Entry<Long, Long> lower = done.lowerEntry(merged[0]);
        long before = lower == null ? mark : lower.getValue();
        Map.Entry<Long, Long> next = done.higherEntry(merged[1]);
        int removed = 0;
        long previousEnd = before;
        boolean first = lower == null;
        for (Map.Entry<Long, Long> range :
                done.subMap(merged[0], true, merged[1], true).entrySet()) {
            removed += DoneOffsets.rangeLength(previousEnd, range.getKey(), range.getValue(), first);
            previousEnd = range.getValue();
            first = false;
        }
        int added = DoneOffsets.rangeLength(before, merged[0], merged[1], lower == null);
        if (next != null) {
            removed += DoneOffsets.rangeLength(previousEnd, next.getKey(), next.getValue(), first);
            added += DoneOffsets.rangeLength(merged[1], next.getKey(), next.getValue(), false);
        }
        return metadataLength - removed + added;
    }

    /**
     * The length once the mark moves from {@code mark} up to {@code newMark}: every range below it drops out (the
     * one {@code offset} joins among them), and the first range left is measured from the new mark.
     */
    private int lengthWithMarkMovedTo(long newMark, long mark) {
        Map.Entry<Long, Long> head = done.ceilingEntry(newMark);
        if (head == null) {
            return 0;
        }
        int removed = 0;
        long previousEnd = mark;
        boolean first = true;
        for (Map.Entry<Long, Long> range : done.headMap(newMark, false).entrySet()) {
            removed += DoneOffsets.rangeLength(previousEnd, range.getKey(), range.getValue(), first);
            previousEnd = range.getValue();
            first = false;
        }
        removed += DoneOffsets.rangeLength(previousEnd, head.getKey(), head.getValue(), first);
        return metadataLength - removed + DoneOffsets.rangeLength(newMark, head.getKey(), head.getValue(), true);
    }

    private long lowWaterMark() {
        return held.isEmpty() ? position : held.first();
    }

    /** The mark once {@code offset} is finished. */
    private long markWithout(long offset) {
        for (long candidate : held) {
            if (candidate != offset) {
                return candidate;
            }
        }
        return Math.max(position, offset + 1);
    }

    /**
     * The range {@code offset} belongs to once finished: {first, last, start of the following range it absorbs or
     * -1}. It joins its neighbouring ranges when no other held offset lies between.
     */
    private long[] mergedRange(long offset) {
        Map.Entry<Long, Long> left = done.floorEntry(offset);
        if (left != null && left.getValue() >= offset) {
            return new long[] {left.getKey(), left.getValue(), -1};
        }
        long first = offset;
        long last = offset;
        if (left != null && noHeldBetween(left.getValue(), offset, offset)) {
            first = left.getKey();
        }
        long absorbed = -1;
        Map.Entry<Long, Long> right = done.higherEntry(offset);
        if (right != null && noHeldBetween(offset, right.getKey(), offset)) {
            last = right.getValue();
            absorbed = right.getKey();
        }
        return new long[] {first, last, absorbed};
    }

    /** Whether no held offset other than {@code except} lies strictly between {@code low} and {@code high}. */
    private boolean noHeldBetween(long low, long high, long except) {
        Long next = held.higher(low);
        if (next != null && next == except) {
            next = held.higher(except);
        }
        return next == null || next >= high;
    }

    private void advance(long offset) {
        version++;
        position = Math.max(position, offset + 1);
        changed = true;
    }
}
