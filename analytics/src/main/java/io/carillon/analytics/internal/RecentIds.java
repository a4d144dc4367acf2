package io.carillon.analytics.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The last ids a monitor has seen (fires or runs), oldest first, so that a result read twice counts once without
 * the state growing: only the newest few are kept. Stateless.
 */
final class RecentIds {

    private RecentIds() {}

    /** {@code ids} with {@code id} added last, keeping the newest {@code max}. */
    static List<String> with(List<String> ids, String id, int max) {
        List<String> added = new ArrayList<>(ids);
        added.add(id);
        return added.size() > max ? List.copyOf(added.subList(added.size() - max, added.size())) : added;
    }
}
