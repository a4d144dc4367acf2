package io.carillon.topics;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the topics of the catalog that are missing and refuses, with {@link TopicMismatchException}, to go on when
 * an existing co-partitioned topic has a partition count other than the catalog's. Safe to run from several
 * processes at once.
 */
public final class TopicInitializer {

    private static final Logger log = LoggerFactory.getLogger(TopicInitializer.class);
    private static final long TIMEOUT_SECONDS = 60;
    private static final long METADATA_BACKOFF_MS = 50;

    private final Admin admin;

    public TopicInitializer(Admin admin) {
        this.admin = admin;
    }

    /** Ensures every topic in {@code specs} exists and that co-partitioned ones have the expected partitions. */
    public void ensure(Collection<TopicSpec> specs) {
        try {
            Set<String> existing = admin.listTopics().names().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            List<NewTopic> missing = specs.stream()
                    .filter(spec -> !existing.contains(spec.name()))
                    .map(spec -> new NewTopic(spec.name(), spec.partitions(), spec.replicationFactor())
                            .configs(spec.configs()))
                    .toList();
            create(missing);
            verifyPartitions(specs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while initializing topics", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("could not initialize Carillon topics: " + e.getMessage(), e);
        }
    }

    private void create(List<NewTopic> missing) throws InterruptedException, ExecutionException, TimeoutException {
        if (missing.isEmpty()) {
            return;
        }
        var futures = admin.createTopics(missing).values();
        for (var entry : futures.entrySet()) {
            try {
                entry.getValue().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
                log.info("created topic {}", entry.getKey());
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
            }
        }
    }

    /** Describes the topics, waiting out the moment after creation when the broker does not know them yet. */
    private Map<String, TopicDescription> describe(List<String> names)
            throws InterruptedException, ExecutionException, TimeoutException {
        long attemptsLeft = TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS) / METADATA_BACKOFF_MS;
        while (true) {
            try {
                return admin.describeTopics(names).allTopicNames().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || attemptsLeft-- <= 0) {
                    throw e;
                }
                TimeUnit.MILLISECONDS.sleep(METADATA_BACKOFF_MS);
            }
        }
    }

    private void verifyPartitions(Collection<TopicSpec> specs)
            throws InterruptedException, ExecutionException, TimeoutException {
        Map<String, TopicDescription> described =
                describe(specs.stream().map(TopicSpec::name).toList());
        List<String> problems = new ArrayList<>();
        for (TopicSpec spec : specs) {
            int actual = described.get(spec.name()).partitions().size();
            if (spec.coPartitioned() && actual != spec.partitions()) {
                problems.add("topic " + spec.name() + " has " + actual + " partitions but the catalog expects "
                        + spec.partitions());
            }
        }
        if (!problems.isEmpty()) {
            String coPartitioned = specs.stream()
                    .filter(TopicSpec::coPartitioned)
                    .map(TopicSpec::name)
                    .collect(Collectors.joining(", "));
            throw new TopicMismatchException(String.join("; ", problems) + ". The topics " + coPartitioned
                    + " are joined by job id and must have the same partition count: set carillon.topics.partitions"
                    + " to the existing count, or recreate the topics.");
        }
    }
}
