package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.worker.TestTriggers;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;

/** The results a publisher handed to a mock producer, read once everything published so far was handed over. */
final class PublishedResults {

    private static final Duration DEADLINE = Duration.ofSeconds(5);

    private PublishedResults() {}

    /** Every result on {@code results}, in order, after waiting until the publisher handed over what it was given. */
    static List<RunResult> of(EventPublisher publisher, MockProducer<String, byte[]> producer, TopicCatalog catalog) {
        try {
            assertThat(publisher.awaitResultsHandedOver(DEADLINE))
                    .as("results handed over within " + DEADLINE)
                    .isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the results", e);
        }
        return producer.history().stream()
                .filter(record -> record.topic().equals(catalog.results()))
                .map(record -> EventSerdes.RESULT.deserialize(null, record.value()))
                .toList();
    }

    /**
     * Every claim written to {@code claims}, in the order of its records, each record checked to be on the partition
     * of every claim it carries.
     */
    static List<RunResult> claims(MockProducer<String, byte[]> producer, TopicCatalog catalog) {
        int partitions = producer.partitionsFor(catalog.claims()).size();
        return producer.history().stream()
                .filter(record -> record.topic().equals(catalog.claims()))
                .flatMap(record -> {
                    List<RunResult> claims = EventSerdes.CLAIM_BATCH
                            .deserialize(null, record.value())
                            .claims();
                    assertThat(record.key()).isEqualTo(claims.get(0).jobId());
                    assertThat(claims)
                            .allSatisfy(claim -> assertThat(TopicCatalog.partitionOf(claim.jobId(), partitions))
                                    .isEqualTo(record.partition()));
                    return claims.stream();
                })
                .toList();
    }

    /** A cluster of one broker that knows {@code claims} with {@code partitions} partitions, for a mock producer. */
    static Cluster clusterWithClaims(TopicCatalog catalog, int partitions) {
        Node broker = new Node(0, "localhost", 9092);
        List<PartitionInfo> infos = IntStream.range(0, partitions)
                .mapToObj(partition -> new PartitionInfo(
                        catalog.claims(), partition, broker, new Node[] {broker}, new Node[] {broker}))
                .toList();
        return new Cluster("unit", List.of(broker), infos, Set.of(), Set.of());
    }

    /**
     * The statuses of one run without a STARTED that the terminal result may have made redundant: a run that ended
     * reads as its terminal status alone whether or not its STARTED was sent before.
     */
    static List<RunStatus> endedWithoutStarted(List<RunStatus> statuses) {
        return TestTriggers.endedWithoutStarted(statuses);
    }
}
