package io.carillon.dispatcher.internal;

import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;

/**
 * Offsets above a partition's committed offset whose records are already handled (dispatched, cancelled, dead-
 * lettered), written into the committed offset's metadata so that a successor skips them. Immutable.
 *
 * <p>Format: {@code d1:} then comma-separated ranges {@code <gap>.<length>} in base 36, where {@code gap} is the
 * range's first offset minus the end of the previous range (the committed offset for the first) and
 * {@code length} is its last offset minus its first. A range may span offsets no consumer sees (transaction markers,
 * aborted records), never a record that is still waiting.
 */
public final class DoneOffsets {

    public static final DoneOffsets NONE = new DoneOffsets(new TreeMap<>());

    private static final String VERSION = "d1:";
    private static final int RADIX = 36;

    /** The encoded metadata and how many done ranges did not fit in it. */
    public record Encoded(String metadata, int rangesLeftOut) {
    }

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

    /**
     * Encodes the {@code done} offsets above {@code base}, merging neighbouring offsets that no {@code waiting}
     * offset separates, in at most {@code maxChars} characters; ranges that do not fit are left out.
     */
    public static Encoded encode(long base, NavigableSet<Long> done, NavigableSet<Long> waiting, int maxChars) {
        TreeMap<Long, Long> merged = merge(done.tailSet(base, true), waiting);
        if (merged.isEmpty()) {
            return new Encoded("", 0);
        }
        StringBuilder text = new StringBuilder(VERSION);
        long previousEnd = base;
        int written = 0;
        for (Map.Entry<Long, Long> range : merged.entrySet()) {
            String part = (written == 0 ? "" : ",") + Long.toString(range.getKey() - previousEnd, RADIX) + "."
                    + Long.toString(range.getValue() - range.getKey(), RADIX);
            if (text.length() + part.length() > maxChars) {
                break;
            }
            text.append(part);
            previousEnd = range.getValue();
            written++;
        }
        return new Encoded(written == 0 ? "" : text.toString(), merged.size() - written);
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

    private static TreeMap<Long, Long> merge(NavigableSet<Long> done, NavigableSet<Long> waiting) {
        TreeMap<Long, Long> merged = new TreeMap<>();
        long start = -1;
        long end = -1;
        for (long offset : done) {
            Long waitingBetween = start < 0 ? null : waiting.higher(end);
            if (start >= 0 && (waitingBetween == null || waitingBetween > offset)) {
                end = offset;
                continue;
            }
            if (start >= 0) {
                merged.put(start, end);
            }
            start = offset;
            end = offset;
        }
        if (start >= 0) {
            merged.put(start, end);
        }
        return merged;
    }
}
