package io.carillon.dispatcher.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;

/** A {@link FireTimer} on a sorted map keyed by (due instant, arrival): O(log n) add, cancel and expiry. */
public final class SortedFireTimer implements FireTimer {

    private record Slot(Instant dueAt, long sequence) {
        static final Comparator<Slot> ORDER = Comparator.comparing(Slot::dueAt).thenComparingLong(Slot::sequence);
    }

    private final TreeMap<Slot, HeldFire> byDue = new TreeMap<>(Slot.ORDER);
    private final Map<String, Slot> byId = new HashMap<>();
    private long sequence;

    @Override
    public boolean add(HeldFire fire) {
        if (byId.containsKey(fire.fireId())) {
            return false;
        }
        Slot slot = new Slot(fire.dueAt(), sequence++);
        byDue.put(slot, fire);
        byId.put(fire.fireId(), slot);
        return true;
    }

    @Override
    public Optional<HeldFire> cancel(String fireId) {
        Slot slot = byId.remove(fireId);
        return slot == null ? Optional.empty() : Optional.of(byDue.remove(slot));
    }

    @Override
    public List<HeldFire> expire(Instant now) {
        List<HeldFire> due = new ArrayList<>();
        while (!byDue.isEmpty() && !byDue.firstKey().dueAt().isAfter(now)) {
            HeldFire fire = byDue.pollFirstEntry().getValue();
            byId.remove(fire.fireId());
            due.add(fire);
        }
        return due;
    }

    @Override
    public Optional<Instant> nextDue() {
        return byDue.isEmpty() ? Optional.empty() : Optional.of(byDue.firstKey().dueAt());
    }

    @Override
    public List<HeldFire> removeIf(Predicate<HeldFire> filter) {
        List<HeldFire> removed = new ArrayList<>();
        var entries = byDue.values().iterator();
        while (entries.hasNext()) {
            HeldFire fire = entries.next();
            if (filter.test(fire)) {
                entries.remove();
                byId.remove(fire.fireId());
                removed.add(fire);
            }
        }
        return removed;
    }

    @Override
    public int size() {
        return byDue.size();
    }
}
