package io.carillon.topics.schedule;

import com.cronutils.descriptor.CronDescriptor;
import com.cronutils.model.Cron;
import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.parser.CronParser;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Parses cron expressions once and caches the result, under the expression as given (so a cached expression costs
 * one map lookup, without normalizing it again) and under its normalized form (trimmed, runs of whitespace as one
 * space). Quartz syntax (6 or 7 fields, seconds first) and Unix syntax (5 fields) are both accepted. Thread-safe.
 */
final class CronExpressions {

    private static final int CACHE_SIZE = 4096;
    private static final int UNIX_FIELDS = 5;
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private static final CronParser QUARTZ =
            new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.QUARTZ));
    private static final CronParser UNIX = new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX));

    private static final CronDescriptor ENGLISH = CronDescriptor.instance(Locale.ENGLISH);
    private static final CronDescriptor CHINESE = CronDescriptor.instance(Locale.CHINESE);

    private static final Map<String, CronTimes> CACHE = boundedCache();
    private static final Map<String, String> DESCRIPTIONS = boundedCache();
    private static final Map<String, String> CHINESE_DESCRIPTIONS = boundedCache();

    private CronExpressions() {}

    /** The execution times of {@code expression}; throws IllegalArgumentException saying why it does not parse. */
    static CronTimes parse(String expression) {
        if (expression == null || expression.isBlank()) {
            throw new IllegalArgumentException("is required for a CRON schedule");
        }
        CronTimes given = CACHE.get(expression);
        if (given != null) {
            return given;
        }
        String normalized = normalize(expression);
        CronTimes cached = CACHE.get(normalized);
        if (cached == null) {
            cached = CronTimes.of(cron(normalized));
            CACHE.put(normalized, cached);
        }
        CACHE.put(expression, cached);
        return cached;
    }

    /**
     * {@code expression} in English words (cron-utils' {@link CronDescriptor}); the expression must be valid. The
     * descriptor calls {@code * * 9 * * ?} "at 09:00" although it fires every second of that hour, so a Quartz cron
     * firing every second is said to, when the words do not say it.
     */
    static String describe(String expression) {
        String normalized = normalize(expression);
        return DESCRIPTIONS.computeIfAbsent(normalized, key -> {
            String words = ENGLISH.describe(cron(key));
            boolean everySecond = key.split(" ").length > UNIX_FIELDS && key.startsWith("* ");
            return everySecond && !words.contains("second") ? "every second, " + words : words;
        });
    }

    /** {@code expression} in Chinese words (cron-utils' Chinese {@link CronDescriptor}); it must be valid. */
    static String describeInChinese(String expression) {
        String normalized = normalize(expression);
        return CHINESE_DESCRIPTIONS.computeIfAbsent(normalized, key -> {
            String words = CHINESE.describe(cron(key));
            boolean everySecond = key.split(" ").length > UNIX_FIELDS && key.startsWith("* ");
            return everySecond && !words.contains("秒") ? "每秒，" + words : words;
        });
    }

    private static Cron cron(String normalized) {
        CronParser parser = normalized.split(" ").length == UNIX_FIELDS ? UNIX : QUARTZ;
        return parser.parse(normalized).validate();
    }

    private static String normalize(String expression) {
        return WHITESPACE.matcher(expression.trim()).replaceAll(" ");
    }

    private static <V> Map<String, V> boundedCache() {
        return Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > CACHE_SIZE;
            }
        });
    }
}
