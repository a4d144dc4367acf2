package io.carillon.topics.schedule;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;

/**
 * Parses cron expressions once and caches the result, under the expression as given (so a cached expression costs
 * one map lookup, without normalizing it again) and under its normalized form (trimmed, runs of whitespace as one
 * space). Quartz syntax (6 or 7 fields, seconds first) and Unix syntax (5 fields) are both accepted. Thread-safe.
 */
final class CronExpressions {

    private static final int CACHE_SIZE = 4096;
    private static final int UNIX_FIELDS = 5;
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

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
        ExecutionTime given = CACHE.get(expression);
        if (given != null) {
            return given;
        }
        String normalized = WHITESPACE.matcher(expression.trim()).replaceAll(" ");
        ExecutionTime cached = CACHE.get(normalized);
        if (cached == null) {
            CronParser parser = normalized.split(" ").length == UNIX_FIELDS ? UNIX : QUARTZ;
            cached = ExecutionTime.forCron(parser.parse(normalized).validate());
            CACHE.put(normalized, cached);
        }
        CACHE.put(expression, cached);
        return cached;
    }
}
