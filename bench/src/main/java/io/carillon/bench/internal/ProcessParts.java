package io.carillon.bench.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Which part of a Carillon process a thread belongs to, by its full name (the first pattern that matches wins; the
 * Kafka clients' threads carry their group or transactional id, whatever the topic prefix), and the CPU of each part
 * over a window: the per-part arithmetic of the {@code idle} and {@code steady} workloads. Immutable.
 */
final class ProcessParts {

    /** The part of a thread no pattern matches. */
    static final String OTHER = "other";

    private static final double TICKS_PER_SECOND = 100.0;
    private static final double ROUNDING = 10_000.0;

    /** The parts in the order they are matched; the order matters where a name could match two. */
    private static final List<Part> PARTS = List.of(
            new Part("planner", ".*\\.planner\\b.*"),
            new Part("analytics", ".*\\.analytics\\b.*"),
            new Part("dispatcher", ".*(carillon-|\\.)dispatcher\\b.*"),
            new Part("worker", ".*carillon-worker-.*|carillon-[^ ]+-(triggers|control|timer|results|run)-\\d+"),
            new Part(
                    "console",
                    ".*(carillon-|\\.)console.*|carillonConsole.*|carillon-log-streams|carillon-consumer-lag"
                            + "|http-nio-.*|Catalina-.*|container-\\d+|HikariPool-.*|ThreadPoolTaskScheduler-.*"
                            + "|micrometer-.*|HttpClient-.*"),
            new Part(
                    "broker",
                    "data-plane-kafka-.*|kafka-scheduler-.*|ExpirationReaper-.*|broker-\\d+-.*|controller-\\d+-.*"
                            + "|group-coordinator-.*|share-.*|raft-.*|quorum-controller-.*|kafka-\\d+-.*"
                            + "|transaction-log-manager-.*|persister-state-manager-reaper|PersisterStateManager"
                            + "|LogDirFailureHandler|TxnMarkerSenderThread-.*|AddPartitionsToTxnSenderThread-.*"
                            + "|SensorExpiryThread|kafka-log-cleaner-thread-.*|client-metrics-reaper"
                            + "|network-partition-metadata-client-reaper|metrics-meter-tick-thread-.*|executor-.*"),
            new Part("jit", "C[12] CompilerThread.*"),
            new Part("gc", "G1 .*|GC Thread.*|VM Periodic Task Thread|VM Thread"),
            new Part(
                    "jvm",
                    "Service Thread|Signal Dispatcher|Sweeper thread|Monitor Deflation Thread|Reference Handler"
                            + "|Finalizer|Common-Cleaner|Notification Thread|Attach Listener|process reaper.*"));

    private ProcessParts() {}

    /** The part the thread named {@code name} belongs to; {@value #OTHER} when none matches. */
    static String partOf(String name) {
        for (Part part : PARTS) {
            if (part.pattern.matcher(name).matches()) {
                return part.name;
            }
        }
        return OTHER;
    }

    /**
     * The cores each part used over {@code seconds}, in the order of the parts ({@value #OTHER} last), from the
     * ticks each thread spent by thread id and the thread names by thread id; a thread without a name (it started
     * after the names were read) counts as {@value #OTHER}.
     */
    static Map<String, Double> coresByPart(Map<Long, Long> spentTicks, Map<Long, String> names, double seconds) {
        Map<String, Double> cores = new LinkedHashMap<>();
        ticksByPart(spentTicks, names).forEach((part, spent) -> cores.put(part, cores(spent, seconds)));
        return cores;
    }

    /**
     * The CPU seconds each part spent, in the order of the parts ({@value #OTHER} last), from the ticks each thread
     * spent by thread id and the thread names by thread id.
     */
    static Map<String, Double> secondsByPart(Map<Long, Long> spentTicks, Map<Long, String> names) {
        Map<String, Double> seconds = new LinkedHashMap<>();
        ticksByPart(spentTicks, names).forEach((part, spent) -> seconds.put(part, spent / TICKS_PER_SECOND));
        return seconds;
    }

    private static Map<String, Long> ticksByPart(Map<Long, Long> spentTicks, Map<Long, String> names) {
        Map<String, Long> ticks = new LinkedHashMap<>();
        PARTS.forEach(part -> ticks.put(part.name, 0L));
        ticks.put(OTHER, 0L);
        spentTicks.forEach((tid, spent) -> ticks.merge(partOf(names.getOrDefault(tid, "")), spent, Long::sum));
        return ticks;
    }

    /**
     * The cores of the threads that used the most over {@code seconds}, busiest first, at most {@code limit}, by
     * name with digit runs folded to {@code N} so that a pool's threads add up.
     */
    static Map<String, Double> busiestThreads(
            Map<Long, Long> spentTicks, Map<Long, String> names, double seconds, int limit) {
        Map<String, Long> ticks = new TreeMap<>();
        spentTicks.forEach((tid, spent) -> ticks.merge(fold(names.getOrDefault(tid, "?")), spent, Long::sum));
        Map<String, Double> busiest = new LinkedHashMap<>();
        ticks.entrySet().stream()
                .filter(thread -> thread.getValue() > 0)
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .limit(limit)
                .forEach(thread -> busiest.put(thread.getKey(), cores(thread.getValue(), seconds)));
        return busiest;
    }

    /** {@code ticks} of CPU over {@code seconds} as cores, to four decimals. */
    static double cores(long ticks, double seconds) {
        return Math.round(ticks / TICKS_PER_SECOND / seconds * ROUNDING) / ROUNDING;
    }

    private static String fold(String name) {
        return name.replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "UUID")
                .replaceAll("[0-9]+", "N");
    }

    private record Part(String name, Pattern pattern) {
        Part(String name, String regex) {
            this(name, Pattern.compile(regex));
        }
    }
}
