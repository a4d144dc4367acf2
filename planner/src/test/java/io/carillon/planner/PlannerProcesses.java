package io.carillon.planner;

import io.carillon.testkit.TestKafka;
import io.carillon.topics.TopicCatalog;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;

/** Planners of the kill tests: one in a child JVM ({@link PlannerChild}) to kill, and who owns which partitions. */
final class PlannerProcesses {

    private PlannerProcesses() {}

    /** Starts {@link PlannerChild} as {@code clientId} on {@code stateDir}; its output goes under {@code target/}. */
    static Process startChild(TopicCatalog catalog, String applicationId, Path stateDir, String clientId)
            throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        File log =
                Path.of("target", "planner-child-" + catalog.prefix() + "log").toFile();
        return new ProcessBuilder(
                        java,
                        "-Xmx256m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        PlannerChild.class.getName(),
                        TestKafka.bootstrapServers(),
                        catalog.prefix(),
                        String.valueOf(catalog.partitions()),
                        applicationId,
                        stateDir.toString(),
                        clientId)
                .redirectErrorStream(true)
                .redirectOutput(log)
                .start();
    }

    /** Starts a planner in this JVM as {@code clientId} on {@code stateDir}, with the child's settings. */
    static Planner startPlanner(TopicCatalog catalog, String applicationId, Path stateDir, String clientId) {
        Planner planner = PlannerChild.configure(
                        Planner.builder(), TestKafka.bootstrapServers(), catalog, applicationId, stateDir, clientId)
                .build();
        planner.start();
        return planner;
    }

    /**
     * Client id → the partitions of {@code topic} its stream threads are assigned; empty while no planner has joined
     * the group yet (the broker does not know it).
     */
    static Map<String, Set<Integer>> owners(Admin admin, String applicationId, String topic)
            throws ExecutionException, InterruptedException {
        ConsumerGroupDescription group;
        try {
            group = admin.describeConsumerGroups(List.of(applicationId))
                    .describedGroups()
                    .get(applicationId)
                    .get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof GroupIdNotFoundException) {
                return Map.of();
            }
            throw e;
        }
        Map<String, Set<Integer>> owners = new HashMap<>();
        for (MemberDescription member : group.members()) {
            Set<Integer> partitions = member.assignment().topicPartitions().stream()
                    .filter(partition -> partition.topic().equals(topic))
                    .map(TopicPartition::partition)
                    .collect(Collectors.toCollection(TreeSet::new));
            if (!partitions.isEmpty()) {
                owners.computeIfAbsent(clientOf(member), client -> new TreeSet<>())
                        .addAll(partitions);
            }
        }
        return owners;
    }

    private static String clientOf(MemberDescription member) {
        String clientId = member.clientId();
        int thread = clientId.indexOf("-StreamThread-");
        return thread < 0 ? clientId : clientId.substring(0, thread);
    }
}
