package io.carillon.topics.offsets;

import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Offsets above a partition's committed offset whose records are already handled, written into the committed
 * offset's metadata so that a successor skips them: the dispatcher's {@code fires} records dispatched, cancelled or
 * dead-lettered while an earlier fire is still held, a worker's triggers started while an earlier run still waits to
 * start. Immutable.
 *
 * <p>Format: {@code d1:} then comma-separated ranges {@code <gap>.<length>} in base 36, where {@code gap} is the
 * range's first offset minus the end of the previous range (the committed offset for the first) and
 * {@code length} is its last offset minus its first. A range may span offsets no consumer sees (transaction markers,
 * aborted records), never a record that is still waiting. The encoding is compact (a run of done offsets costs one
 * range however long it is), but not bounded: the dispatcher keeps it within the broker's
 * {@code offset.metadata.max.bytes} by holding back what would not fit; {@link #encodeWithin} leaves out the ranges
 * that would not fit (their records are handled again by a successor).
 */
public final class DoneOffsets {

    public static final DoneOffsets NONE = new DoneOffsets(new TreeMap<>());

    /** The broker's default {@code offset.metadata.max.bytes}: the longest metadata a commit may carry. */
    public static final int BROKER_DEFAULT_MAX_CHARS = 4096;

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
        return encodeWithin(base, ranges.entrySet(), Integer.MAX_VALUE);
    }

    /**
     * Encodes the leading {@code ranges} (ascending, disjoint, at or above {@code base}) that fit in
     * {@code maxChars}; the ranges after the first that would not fit are left out. "" if none fits.
     */
    public static String encodeWithin(long base, Iterable<Map.Entry<Long, Long>> ranges, int maxChars) {
        StringBuilder text = new StringBuilder(VERSION);
        long previousEnd = base;
        int length = 0;
        for (Map.Entry<Long, Long> range : ranges) {
            int added = rangeLength(previousEnd, range.getKey(), range.getValue(), length == 0);
            if (length + added > maxChars) {
                break;
            }
            if (length > 0) {
                text.append(',');
            }
            text.append(Long.toString(range.getKey() - previousEnd, RADIX))
                    .append('.')
                    .append(Long.toString(range.getValue() - range.getKey(), RADIX));
            length += added;
            previousEnd = range.getValue();
        }
        return length == 0 ? "" : text.toString();
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
    public static int rangeLength(long previousEnd, long first, long last, boolean isFirst) {
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
