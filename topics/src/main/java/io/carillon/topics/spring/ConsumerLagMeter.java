package io.carillon.topics.spring;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec;
import org.apache.kafka.clients.admin.ListGroupsOptions;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Gauge {@value #LAG} (tag {@code group}): for each consumer group this process watches, the records its members
 * have not committed yet, summed over the group's partitions (last stable offset minus committed offset, so a
 * transaction still open counts nothing). Read with one admin client every interval on a thread of its own: three
 * requests per interval however many records flow, and at most {@code maxGroups} groups, so the cost and the number
 * of series stay bounded. A group's gauge is registered once and then only its value changes; a group that is gone
 * drops out at the next reading; a reading that fails keeps the last values and is logged.
 *
 * <p>Thread-safe: {@link #refresh()} runs on the meter's own thread (or a test's); the gauges are read on any.
 */
final class ConsumerLagMeter implements MeterBinder, SmartLifecycle {

    /** The name of the gauge. */
    static final String LAG = "carillon.consumer.lag";

    static final Duration DEFAULT_INTERVAL = CarillonProperties.Metrics.DEFAULT_CONSUMER_LAG_INTERVAL;
    static final int DEFAULT_MAX_GROUPS = CarillonProperties.Metrics.DEFAULT_CONSUMER_LAG_MAX_GROUPS;
    private static final String WILDCARD = "*";
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Logger log = LoggerFactory.getLogger(ConsumerLagMeter.class);

    private final CarillonTopics topics;
    private final List<String> patterns;
    private final Duration interval;
    private final int maxGroups;
    private final List<MeterRegistry> registries = new ArrayList<>();
    /** The lag of each measured group, read by its gauges; a group's gauges are registered once. */
    private final Map<String, AtomicLong> lags = new ConcurrentHashMap<>();

    private final Map<String, List<Gauge>> gauges = new HashMap<>();
    private Admin admin;
    private ScheduledExecutorService scheduler;

    /**
     * @param patterns group ids relative to the topic prefix; one ending in {@code *} matches every group that starts
     *                 with the rest
     */
    ConsumerLagMeter(CarillonTopics topics, List<String> patterns, Duration interval, int maxGroups) {
        if (interval == null || interval.isZero() || interval.isNegative()) {
            throw new IllegalArgumentException(
                    "carillon.metrics.consumer-lag-interval must be positive, was " + interval);
        }
        if (maxGroups < 1) {
            throw new IllegalArgumentException(
                    "carillon.metrics.consumer-lag-max-groups must be at least 1, was " + maxGroups);
        }
        this.topics = topics;
        this.patterns = patterns.stream()
                .map(pattern -> topics.catalog().prefix() + pattern.strip())
                .toList();
        this.interval = interval;
        this.maxGroups = maxGroups;
    }

    @Override
    public synchronized void bindTo(MeterRegistry registry) {
        registries.add(registry);
        lags.forEach((group, lag) -> gauges.get(group).add(register(registry, group, lag)));
    }

    /** Reads the lag of the watched groups now and updates the gauges. */
    void refresh() throws InterruptedException, ExecutionException, TimeoutException {
        Admin client = admin();
        Set<String> groups = watchedGroups(client);
        Map<String, ListConsumerGroupOffsetsSpec> specs = new HashMap<>();
        groups.forEach(group -> specs.put(group, new ListConsumerGroupOffsetsSpec()));
        Map<String, Map<TopicPartition, OffsetAndMetadata>> committed = specs.isEmpty()
                ? Map.of()
                : client.listConsumerGroupOffsets(specs).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        Set<TopicPartition> partitions = new HashSet<>();
        committed.values().forEach(offsets -> partitions.addAll(offsets.keySet()));
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        partitions.forEach(partition -> latest.put(partition, OffsetSpec.latest()));
        Map<TopicPartition, ListOffsetsResultInfo> ends = latest.isEmpty()
                ? Map.of()
                : client.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED))
                        .all()
                        .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        Map<String, Long> measured = new HashMap<>();
        committed.forEach((group, offsets) -> measured.put(group, lag(offsets, ends)));
        publish(measured);
    }

    private static long lag(
            Map<TopicPartition, OffsetAndMetadata> offsets, Map<TopicPartition, ListOffsetsResultInfo> ends) {
        long lag = 0;
        for (Map.Entry<TopicPartition, OffsetAndMetadata> entry : offsets.entrySet()) {
            ListOffsetsResultInfo end = ends.get(entry.getKey());
            if (end != null && entry.getValue() != null) {
                lag += Math.max(0, end.offset() - entry.getValue().offset());
            }
        }
        return lag;
    }

    private Set<String> watchedGroups(Admin client) throws InterruptedException, ExecutionException, TimeoutException {
        Set<String> matching = new TreeSet<>();
        for (GroupListing listing : client.listGroups(ListGroupsOptions.forConsumerGroups())
                .all()
                .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
            if (matches(listing.groupId())) {
                matching.add(listing.groupId());
            }
        }
        if (matching.size() > maxGroups) {
            log.warn(
                    "{} consumer groups match {}; measuring the lag of the first {} only",
                    matching.size(),
                    patterns,
                    maxGroups);
            return new TreeSet<>(matching.stream().limit(maxGroups).toList());
        }
        return matching;
    }

    private boolean matches(String group) {
        for (String pattern : patterns) {
            boolean prefix = pattern.endsWith(WILDCARD);
            if (prefix ? group.startsWith(pattern.substring(0, pattern.length() - 1)) : group.equals(pattern)) {
                return true;
            }
        }
        return false;
    }

    /** Sets the lag of the measured groups, registers the gauges of new ones and removes those of groups gone. */
    private synchronized void publish(Map<String, Long> measured) {
        measured.forEach(
                (group, lag) -> lags.computeIfAbsent(group, this::registerAll).set(lag));
        for (String gone : new ArrayList<>(lags.keySet())) {
            if (!measured.containsKey(gone)) {
                lags.remove(gone);
                for (Gauge gauge : gauges.remove(gone)) {
                    registries.forEach(registry -> registry.remove(gauge));
                }
            }
        }
    }

    private AtomicLong registerAll(String group) {
        AtomicLong lag = new AtomicLong();
        List<Gauge> registered = new ArrayList<>();
        registries.forEach(registry -> registered.add(register(registry, group, lag)));
        gauges.put(group, registered);
        return lag;
    }

    private static Gauge register(MeterRegistry registry, String group, AtomicLong lag) {
        return Gauge.builder(LAG, lag, AtomicLong::get)
                .tag("group", group)
                .description("records of the topics a consumer group reads that it has not committed yet")
                .baseUnit("records")
                .register(registry);
    }

    private synchronized Admin admin() {
        if (admin == null) {
            admin = topics.admin(TIMEOUT);
        }
        return admin;
    }

    private void refreshLogged() {
        try {
            refresh();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            log.warn("could not read the lag of the consumer groups {}: {}", patterns, e.toString());
        }
    }

    @Override
    public synchronized void start() {
        if (scheduler == null && !patterns.isEmpty()) {
            scheduler = Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, "carillon-consumer-lag");
                thread.setDaemon(true);
                return thread;
            });
            scheduler.scheduleWithFixedDelay(this::refreshLogged, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public synchronized void stop() {
        if (scheduler != null) {
            scheduler.shutdownNow();
            scheduler = null;
        }
        if (admin != null) {
            admin.close(TIMEOUT);
            admin = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return scheduler != null;
    }
}
