package io.carillon.topics.schedule;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;

/**
 * Parses cron expressions once and caches the result. Quartz syntax (6 or 7 fields, seconds first) and Unix syntax
 * (5 fields) are both accepted. Thread-safe.
 */
final class CronExpressions {

    private static final int CACHE_SIZE = 4096;
    private static final int UNIX_FIELDS = 5;

    private static final CronParser QUARTZ = new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.QUARTZ));
    private static final CronParser UNIX = new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX));

    private static final Map<String, ExecutionTime> CACHE = Collections.synchronizedMap(
            new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, ExecutionTime> eldest) {
                    return size() > CACHE_SIZE;
                }
            });

    private CronExpressions() {
    }

    /** The execution times of {@code expression}; throws IllegalArgumentException saying why it does not parse. */
    static ExecutionTime parse(String expression) {
        if (expression == null || expression.isBlank()) {
            throw new IllegalArgumentException("is required for a CRON schedule");
        }
        String normalized = expression.trim().replaceAll("\\s+", " ");
        ExecutionTime cached = CACHE.get(normalized);
        if (cached != null) {
            return cached;
        }
        CronParser parser = normalized.split(" ").length == UNIX_FIELDS ? UNIX : QUARTZ;
        ExecutionTime parsed = ExecutionTime.forCron(parser.parse(normalized).validate());
        CACHE.put(normalized, parsed);
        return parsed;
    }
}
