package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.worker.TestTriggers;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.producer.MockProducer;

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
     * The statuses of one run without a STARTED that the terminal result may have made redundant: a run that ended
     * reads as its terminal status alone whether or not its STARTED was sent before.
     */
    static List<RunStatus> endedWithoutStarted(List<RunStatus> statuses) {
        return TestTriggers.endedWithoutStarted(statuses);
    }
}
