package io.carillon.planner.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TestKafka;
import io.carillon.topics.TopicCatalog;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** The planner's readability probe against a real broker. */
class AdminEndOffsetsIT {

    private static final Duration DEADLINE = Duration.ofSeconds(20);
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final TopicCatalog catalog = TestKafka.newCatalog(2);
    private final Map<String, Object> config =
            Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestKafka.bootstrapServers());

    @Test
    void aPartitionWithALeaderAnswersAndOneThatDoesNotExistDoesNot() {
        TopicPartition results = new TopicPartition(catalog.results(), 1);
        TopicPartition missing = new TopicPartition(catalog.results(), 99);
        try (AdminEndOffsets endOffsets = new AdminEndOffsets(config)) {
            var answers = endOffsets.list(Set.of(results, missing), TIMEOUT);

            assertThat(answers.get(results).toCompletableFuture()).succeedsWithin(DEADLINE);
            assertThat(answers.get(missing).toCompletableFuture()).failsWithin(DEADLINE);
        }
    }

    @Test
    void theTaskAndWorkerPartitionsOfALiveClusterSettle() {
        List<TopicPartition> verdict = List.of(
                new TopicPartition(catalog.results(), 0),
                new TopicPartition(catalog.workers(), TopicCatalog.partitionOf("worker-1", catalog.partitions())));
        Clock clock = Clock.systemUTC();
        try (ProbedReadability readability = ProbedReadability.overAdmin(config, clock)) {
            await().atMost(DEADLINE).until(() -> readability.settled(verdict, clock.instant()));
        }
    }
}
