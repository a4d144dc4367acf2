package io.carillon.planner.limits.internal;

import io.carillon.topics.events.FireEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * One limit's state in the limiter: the fire ids holding a slot, the fires waiting for one (oldest first), and the
 * fire ids released last (at most {@link #RELEASED_KEPT}), so that an ACQUIRE read again after its fire's run ended
 * does not take a slot twice. Immutable.
 */
record LimitState(List<String> holders, List<FireEvent> queue, List<String> released) {

    /** How many released fire ids a limit remembers. */
    static final int RELEASED_KEPT = 1_000;

    LimitState {
        holders = holders == null ? List.of() : List.copyOf(holders);
        queue = queue == null ? List.of() : List.copyOf(queue);
        released = released == null ? List.of() : List.copyOf(released);
    }

    static LimitState empty() {
        return new LimitState(List.of(), List.of(), List.of());
    }

    boolean isEmpty() {
        return holders.isEmpty() && queue.isEmpty() && released.isEmpty();
    }

    /** Whether {@code fireId} holds a slot, waits for one or was released lately. */
    boolean knows(String fireId) {
        return holders.contains(fireId)
                || released.contains(fireId)
                || queue.stream().anyMatch(fire -> fire.fireId().equals(fireId));
    }

    LimitState hold(String fireId) {
        List<String> more = new ArrayList<>(holders);
        more.add(fireId);
        return new LimitState(more, queue, released);
    }

    LimitState enqueue(FireEvent fire) {
        List<FireEvent> more = new ArrayList<>(queue);
        more.add(fire);
        return new LimitState(holders, more, released);
    }

    /** This state without {@code fireId} as a holder or in the queue, remembered as released. */
    LimitState release(String fireId) {
        List<String> fewer = new ArrayList<>(holders);
        fewer.remove(fireId);
        List<FireEvent> waiting = new ArrayList<>(queue);
        waiting.removeIf(fire -> fire.fireId().equals(fireId));
        List<String> gone = new ArrayList<>(released);
        if (!gone.contains(fireId)) {
            gone.add(fireId);
        }
        if (gone.size() > RELEASED_KEPT) {
            gone.subList(0, gone.size() - RELEASED_KEPT).clear();
        }
        return new LimitState(fewer, waiting, gone);
    }

    /** This state with the queue's head taken out (it becomes a holder). */
    LimitState grantHead() {
        FireEvent head = queue.get(0);
        List<String> more = new ArrayList<>(holders);
        more.add(head.fireId());
        return new LimitState(more, queue.subList(1, queue.size()), released);
    }
}
