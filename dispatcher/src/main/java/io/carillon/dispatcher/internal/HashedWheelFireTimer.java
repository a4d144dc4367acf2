package io.carillon.dispatcher.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A {@link FireTimer} on a hashed timing wheel: {@code slots} buckets of {@code tick} each; a fire goes to the bucket
 * of its tick ({@code releaseAt / tick}, modulo the slots), so adding and cancelling are O(1). Fires further away
 * than one turn of the wheel share buckets with nearer ones and are passed over (they carry their absolute tick) until
 * their turn comes: overflow rounds, so there is no limit on how far ahead a fire may be.
 *
 * <p>The wheel has no thread of its own and never sleeps: {@link #expire(Instant)} visits the buckets of the ticks
 * elapsed since its last call (at most one full turn) and hands out every fire whose instant is at or before
 * {@code now}, so a fire is never early and is as late only as the caller's call. Within the current tick only the
 * fires already due leave. {@link #nextDue()} is cached and, when the earliest fire has left, found again by walking
 * the buckets from the current tick (one turn at most, then a scan of all fires).
 *
 * <p>Not thread-safe: the dispatcher uses it from its own thread only.
 */
public final class HashedWheelFireTimer implements FireTimer {

    public static final Duration DEFAULT_TICK = Duration.ofMillis(5);
    /** With the default tick, one turn spans 10.24 s: the planner's default horizon (10 s) without overflow. */
    public static final int DEFAULT_SLOTS = 2048;

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** Instants beyond about 290 years from 1970 are held at this bound (they cannot be due anyway). */
    private static final long MAX_EPOCH_SECOND = Long.MAX_VALUE / NANOS_PER_SECOND - 1;

    private static final Comparator<Entry> DUE_ORDER =
            Comparator.comparing((Entry e) -> e.fire.releaseAt()).thenComparingLong(e -> e.sequence);

    /** A held fire in its bucket; identity equality, so that buckets remove it in O(1). */
    private static final class Entry {
        final HeldFire fire;
        final long tick;
        final long sequence;

        Entry(HeldFire fire, long tick, long sequence) {
            this.fire = fire;
            this.tick = tick;
            this.sequence = sequence;
        }
    }

    private final long tickNanos;
    private final int slots;
    private final List<LinkedHashSet<Entry>> buckets;
    private final Map<String, Entry> byId = new HashMap<>();
    private long cursor = Long.MAX_VALUE;
    private long sequence;
    private Instant earliest;
    private boolean earliestKnown = true;

    /** A wheel of {@value #DEFAULT_SLOTS} slots of 5 ms. */
    public HashedWheelFireTimer() {
        this(DEFAULT_TICK, DEFAULT_SLOTS);
    }

    /**
     * @param tick  the width of one bucket (at least 1 ms): fires of one tick are sorted when they leave
     * @param slots the number of buckets; one turn of the wheel spans {@code tick * slots}
     */
    public HashedWheelFireTimer(Duration tick, int slots) {
        if (tick == null || tick.compareTo(Duration.ofMillis(1)) < 0) {
            throw new IllegalArgumentException("tick must be at least 1 ms, was " + tick);
        }
        if (slots < 1) {
            throw new IllegalArgumentException("slots must be at least 1, was " + slots);
        }
        this.tickNanos = tick.toNanos();
        this.slots = slots;
        this.buckets = new ArrayList<>(slots);
        for (int i = 0; i < slots; i++) {
            buckets.add(null);
        }
    }

    @Override
    public boolean add(HeldFire fire) {
        if (byId.containsKey(fire.fireId())) {
            return false;
        }
        Entry entry = new Entry(fire, tickOf(fire.releaseAt()), sequence++);
        bucket(entry.tick).add(entry);
        byId.put(fire.fireId(), entry);
        cursor = Math.min(cursor, entry.tick);
        if (earliestKnown && (earliest == null || fire.releaseAt().isBefore(earliest))) {
            earliest = fire.releaseAt();
        }
        return true;
    }

    @Override
    public Optional<HeldFire> cancel(String fireId) {
        Entry entry = byId.remove(fireId);
        if (entry == null) {
            return Optional.empty();
        }
        unlink(entry);
        return Optional.of(entry.fire);
    }

    @Override
    public List<HeldFire> expire(Instant now) {
        long nowTick = tickOf(now);
        if (byId.isEmpty() || nowTick < cursor) {
            cursor = byId.isEmpty() ? Long.MAX_VALUE : cursor;
            return List.of();
        }
        List<Entry> due = new ArrayList<>();
        long ticks = Math.min(nowTick - cursor + 1, slots);
        for (long tick = nowTick - ticks + 1; tick <= nowTick; tick++) {
            drainDue(buckets.get(slotOf(tick)), nowTick, now, due);
        }
        cursor = byId.isEmpty() ? Long.MAX_VALUE : nowTick;
        if (due.isEmpty()) {
            return List.of();
        }
        due.sort(DUE_ORDER);
        earliestKnown = false;
        return due.stream().map(entry -> entry.fire).toList();
    }

    @Override
    public Optional<Instant> nextDue() {
        if (!earliestKnown) {
            earliest = findEarliest();
            earliestKnown = true;
        }
        return Optional.ofNullable(earliest);
    }

    @Override
    public List<HeldFire> removeIf(Predicate<HeldFire> filter) {
        List<HeldFire> removed = new ArrayList<>();
        Iterator<Entry> entries = byId.values().iterator();
        while (entries.hasNext()) {
            Entry entry = entries.next();
            if (filter.test(entry.fire)) {
                entries.remove();
                unlink(entry);
                removed.add(entry.fire);
            }
        }
        removed.sort(Comparator.comparing(HeldFire::releaseAt));
        return removed;
    }

    @Override
    public int size() {
        return byId.size();
    }

    /** Takes from {@code bucket} the entries of ticks before {@code nowTick}, and those of it due by {@code now}. */
    private void drainDue(LinkedHashSet<Entry> bucket, long nowTick, Instant now, List<Entry> due) {
        if (bucket == null || bucket.isEmpty()) {
            return;
        }
        Iterator<Entry> entries = bucket.iterator();
        while (entries.hasNext()) {
            Entry entry = entries.next();
            if (entry.tick < nowTick
                    || (entry.tick == nowTick && !entry.fire.releaseAt().isAfter(now))) {
                entries.remove();
                byId.remove(entry.fire.fireId());
                due.add(entry);
            }
        }
    }

    /** Every held entry has a tick at or after the cursor; the first bucket holding its own tick has the earliest. */
    private Instant findEarliest() {
        if (byId.isEmpty()) {
            return null;
        }
        for (long tick = cursor; tick < cursor + slots; tick++) {
            LinkedHashSet<Entry> bucket = buckets.get(slotOf(tick));
            if (bucket == null) {
                continue;
            }
            long current = tick;
            Optional<Instant> first = bucket.stream()
                    .filter(entry -> entry.tick == current)
                    .map(entry -> entry.fire.releaseAt())
                    .min(Comparator.naturalOrder());
            if (first.isPresent()) {
                return first.get();
            }
        }
        return byId.values().stream()
                .map(entry -> entry.fire.releaseAt())
                .min(Comparator.naturalOrder())
                .orElseThrow();
    }

    private void unlink(Entry entry) {
        bucket(entry.tick).remove(entry);
        if (earliestKnown && entry.fire.releaseAt().equals(earliest)) {
            earliestKnown = false;
        }
        if (byId.isEmpty()) {
            cursor = Long.MAX_VALUE;
        }
    }

    private LinkedHashSet<Entry> bucket(long tick) {
        int slot = slotOf(tick);
        LinkedHashSet<Entry> bucket = buckets.get(slot);
        if (bucket == null) {
            bucket = new LinkedHashSet<>();
            buckets.set(slot, bucket);
        }
        return bucket;
    }

    private int slotOf(long tick) {
        return (int) Math.floorMod(tick, (long) slots);
    }

    private long tickOf(Instant instant) {
        long seconds = Math.max(-MAX_EPOCH_SECOND, Math.min(MAX_EPOCH_SECOND, instant.getEpochSecond()));
        long nanos = seconds * NANOS_PER_SECOND + instant.getNano();
        return Math.floorDiv(nanos, tickNanos);
    }
}
