package io.carillon.dispatcher.internal;

import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Offsets above a partition's committed offset whose records are already handled (dispatched, cancelled, dead-
 * lettered), written into the committed offset's metadata so that a successor skips them. Immutable.
 *
 * <p>Format: {@code d1:} then comma-separated ranges {@code <gap>.<length>} in base 36, where {@code gap} is the
 * range's first offset minus the end of the previous range (the committed offset for the first) and
 * {@code length} is its last offset minus its first. A range may span offsets no consumer sees (transaction markers,
 * aborted records), never a record that is still waiting. The encoding is compact (a run of done offsets costs one
 * range however long it is), but not bounded: {@link PartitionProgress} keeps it within the broker's
 * {@code offset.metadata.max.bytes} by holding back what would not fit.
 */
public final class DoneOffsets {

    public static final DoneOffsets NONE = new DoneOffsets(new TreeMap<>());

    private static final String VERSION = "d1:";
    private static final int RADIX = 36;

    private final TreeMap<Long, Long> ranges;

    private DoneOffsets(TreeMap<Long, Long> ranges) {
        this.ranges = ranges;
    }

    public boolean contains(long offset) {
        Map.Entry<Long, Long> range = ranges.floorEntry(offset);
        return range != null && offset <= range.getValue();
    }

    public boolean isEmpty() {
        return ranges.isEmpty();
    }

    /** The last offset covered, or -1 when empty. */
    public long last() {
        return ranges.isEmpty() ? -1 : ranges.lastEntry().getValue();
    }

    /** Encodes {@code ranges} (first offset to last, ascending, disjoint, all at or above {@code base}); "" if none. */
    public static String encode(long base, NavigableMap<Long, Long> ranges) {
        if (ranges.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder(VERSION);
        long previousEnd = base;
        for (Map.Entry<Long, Long> range : ranges.entrySet()) {
            if (text.length() > VERSION.length()) {
                text.append(',');
            }
            text.append(Long.toString(range.getKey() - previousEnd, RADIX)).append('.')
                    .append(Long.toString(range.getValue() - range.getKey(), RADIX));
            previousEnd = range.getValue();
        }
        return text.toString();
    }

    /** The length of {@link #encode}{@code (base, ranges)}, without building it. */
    public static int encodedLength(long base, Iterable<Map.Entry<Long, Long>> ranges) {
        int length = 0;
        long previousEnd = base;
        for (Map.Entry<Long, Long> range : ranges) {
            length += rangeLength(previousEnd, range.getKey(), range.getValue(), length == 0);
            previousEnd = range.getValue();
        }
        return length;
    }

    /**
     * The characters the range {@code first} to {@code last} adds to an encoding when the previous range ends at
     * {@code previousEnd} (the base for the first range, which carries the version instead of a comma).
     */
    static int rangeLength(long previousEnd, long first, long last, boolean isFirst) {
        return (isFirst ? VERSION.length() : 1) + digits(first - previousEnd) + 1 + digits(last - first);
    }

    private static int digits(long value) {
        int digits = 1;
        for (long rest = value / RADIX; rest > 0; rest /= RADIX) {
            digits++;
        }
        return digits;
    }

    /** Decodes metadata written by {@link #encode}; anything else (including null or empty) means none. */
    public static DoneOffsets decode(long base, String metadata) {
        if (metadata == null || !metadata.startsWith(VERSION) || metadata.length() == VERSION.length()) {
            return NONE;
        }
        TreeMap<Long, Long> ranges = new TreeMap<>();
        long previousEnd = base;
        try {
            for (String part : metadata.substring(VERSION.length()).split(",")) {
                int dot = part.indexOf('.');
                long start = previousEnd + Long.parseLong(part.substring(0, dot), RADIX);
                long end = start + Long.parseLong(part.substring(dot + 1), RADIX);
                if (start < base || end < start) {
                    return NONE;
                }
                ranges.put(start, end);
                previousEnd = end;
            }
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            return NONE;
        }
        return new DoneOffsets(ranges);
    }
}
