package io.carillon.standalone.internal;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListGroupsOptions;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.RemoveMembersFromConsumerGroupOptions;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.internals.Topic;
import org.apache.kafka.common.utils.Utils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a killed standalone leaves in its in-process broker's consumer groups: its consumers (console, planner,
 * dispatcher, demo worker) stay members until their session times out (45 s, Kafka's default, for the console's),
 * and the new process's consumers get no partitions until then. {@link #remove} asks the group coordinator to remove
 * every member of every classic consumer group that has members, so that the new consumers are assigned at once.
 * A live client of another process in such a group (a worker service using the standalone's broker) is removed too
 * and rejoins on its next heartbeat: a rebalance, no loss.
 *
 * <p>Call it only while holding the {@link DataDirLock}, right after the in-process broker started. Best effort:
 * a failure is logged and the session timeouts do the work. Stateless; safe from any thread.
 */
public final class StaleGroupMembers {

    private static final Logger log = LoggerFactory.getLogger(StaleGroupMembers.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String PROBE_GROUP_PREFIX = "carillon-standalone-load-probe-";

    private StaleGroupMembers() {}

    public static void remove(String bootstrapServers) {
        try (Admin admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                (int) TIMEOUT.toMillis()))) {
            if (!awaitGroupsLoaded(admin)) {
                return;
            }
            List<String> groups = admin
                    .listGroups(ListGroupsOptions.forConsumerGroups())
                    .all()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .stream()
                    .filter(group -> group.type().orElse(GroupType.CLASSIC) == GroupType.CLASSIC)
                    .map(GroupListing::groupId)
                    .toList();
            if (groups.isEmpty()) {
                return;
            }
            Map<String, ConsumerGroupDescription> descriptions =
                    admin.describeConsumerGroups(groups).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            for (ConsumerGroupDescription group : descriptions.values()) {
                if (!group.members().isEmpty()) {
                    RemoveMembersFromConsumerGroupOptions all = new RemoveMembersFromConsumerGroupOptions();
                    all.reason("the Carillon standalone that owned these members was killed and started again");
                    admin.removeMembersFromConsumerGroup(group.groupId(), all)
                            .all()
                            .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                    log.info(
                            "removed {} member(s) a previous process left in consumer group {}",
                            group.members().size(),
                            group.groupId());
                }
            }
        } catch (ExecutionException | TimeoutException e) {
            log.warn(
                    "could not remove the members a previous process left in the consumer groups ({}); they leave "
                            + "when their sessions time out",
                    e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while clearing the consumer groups", e);
        }
    }

    /**
     * Waits until the group coordinator has loaded every partition of {@code __consumer_offsets} (until then it lists
     * no groups): describes one made-up group per partition, which the admin client retries while the partition
     * loads. False when there is no {@code __consumer_offsets} yet, so no group either.
     */
    private static boolean awaitGroupsLoaded(Admin admin)
            throws InterruptedException, TimeoutException, ExecutionException {
        Set<String> topics = admin.listTopics(new ListTopicsOptions().listInternal(true))
                .names()
                .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        if (!topics.contains(Topic.GROUP_METADATA_TOPIC_NAME)) {
            return false;
        }
        int partitions = admin.describeTopics(List.of(Topic.GROUP_METADATA_TOPIC_NAME))
                .allTopicNames()
                .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                .get(Topic.GROUP_METADATA_TOPIC_NAME)
                .partitions()
                .size();
        for (KafkaFuture<ConsumerGroupDescription> probe : admin.describeConsumerGroups(probeGroups(partitions))
                .describedGroups()
                .values()) {
            try {
                probe.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof GroupIdNotFoundException)) {
                    throw e;
                }
            }
        }
        return true;
    }

    /** A group id for each partition of {@code __consumer_offsets}, by the coordinator's rule (hash mod count). */
    private static List<String> probeGroups(int partitions) {
        Map<Integer, String> byPartition = new HashMap<>();
        for (int i = 0; byPartition.size() < partitions; i++) {
            String groupId = PROBE_GROUP_PREFIX + i;
            byPartition.putIfAbsent(Utils.abs(groupId.hashCode()) % partitions, groupId);
        }
        return List.copyOf(byPartition.values());
    }
}
