package io.carillon.console.internal.limits;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.web.Limits;
import io.carillon.topics.events.ConcurrencyLimit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/**
 * The holders and queues of the concurrency limits ({@link LimitUsage}), read by anyone signed in: the limits that are
 * defined and those that open runs name, by id, {@value #MAX_LIMITS} at most; each list holds up to {@code size} runs
 * (default {@value #DEFAULT_RUNS}, at most {@value #MAX_RUNS}) of the apps the caller may read. Thread-safe.
 */
@Service
class LimitUsages {

    static final int DEFAULT_RUNS = 10;
    static final int MAX_RUNS = 50;
    static final int MAX_LIMITS = 200;

    private final LimitRepository limits;
    private final LimitRuns runs;
    private final Authorizer authorizer;

    LimitUsages(LimitRepository limits, LimitRuns runs, Authorizer authorizer) {
        this.limits = limits;
        this.runs = runs;
        this.authorizer = authorizer;
    }

    /** Every limit's usage, by id. */
    List<LimitUsage> all(Integer size) {
        int shown = Limits.within("size", size, DEFAULT_RUNS, MAX_RUNS);
        Map<String, ConcurrencyLimit> defined = limits.list().stream()
                .map(LimitRepository.Row::limit)
                .collect(Collectors.toMap(ConcurrencyLimit::id, Function.identity(), (a, b) -> a, TreeMap::new));
        Map<String, LimitRuns.Counts> counts = runs.counts();
        TreeSet<String> ids = new TreeSet<>(defined.keySet());
        ids.addAll(counts.keySet());
        List<String> first = ids.stream().limit(MAX_LIMITS).toList();
        return usages(first, defined, counts, shown);
    }

    /**
     * The usage of limit {@code id}.
     *
     * @throws LimitNotFoundException when the limit is not defined and no open run names it
     */
    LimitUsage of(String id, Integer size) {
        int shown = Limits.within("size", size, DEFAULT_RUNS, MAX_RUNS);
        Optional<ConcurrencyLimit> limit = limits.find(id).map(LimitRepository.Row::limit);
        LimitRuns.Counts count = runs.counts().get(id);
        if (limit.isEmpty() && count == null) {
            throw new LimitNotFoundException(id);
        }
        Map<String, ConcurrencyLimit> defined =
                limit.map(each -> Map.of(id, each)).orElse(Map.of());
        Map<String, LimitRuns.Counts> counts = count == null ? Map.of() : Map.of(id, count);
        return usages(List.of(id), defined, counts, shown).get(0);
    }

    private List<LimitUsage> usages(
            List<String> ids, Map<String, ConcurrencyLimit> defined, Map<String, LimitRuns.Counts> counts, int size) {
        Map<String, List<LimitRuns.Run>> open = runs.firstRuns(ids, authorizer.readScope(), size).stream()
                .collect(Collectors.groupingBy(LimitRuns.Run::limit));
        return ids.stream()
                .map(id -> {
                    ConcurrencyLimit limit = defined.get(id);
                    LimitRuns.Counts count = counts.getOrDefault(id, LimitRuns.Counts.NONE);
                    List<LimitRuns.Run> listed = open.getOrDefault(id, List.of());
                    return new LimitUsage(
                            id,
                            limit == null ? null : limit.max(),
                            limit == null ? null : limit.description(),
                            limit != null,
                            count.held(),
                            count.waiting(),
                            listed.stream()
                                    .filter(run -> !run.waiting())
                                    .map(LimitUsage.UsageRun::of)
                                    .toList(),
                            listed.stream()
                                    .filter(LimitRuns.Run::waiting)
                                    .map(LimitUsage.UsageRun::of)
                                    .toList());
                })
                .toList();
    }
}
