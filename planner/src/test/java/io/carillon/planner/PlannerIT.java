package io.carillon.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The planner against the real broker, with the real clock. */
class PlannerIT {

    private static final Duration DEADLINE = Duration.ofSeconds(20);

    @TempDir
    Path stateDir;

    @Test
    void firesAFixedRateJobAndKeepsFiringAfterAMalformedRequest() throws Exception {
        TopicCatalog catalog = TestKafka.newCatalog(2);
        try (Planner planner = Planner.builder()
                        .bootstrapServers(TestKafka.bootstrapServers())
                        .catalog(catalog)
                        .clock(Clock.systemUTC())
                        .applicationId("planner-it-" + catalog.prefix())
                        .stateDir(stateDir)
                        .build();
                KafkaProducer<String, String> producer = producer();
                TopicReader<FireEvent> fires = TopicReader.ofBatches(catalog.fires(), EventSerdes.FIRES);
                TopicReader<DeadLetter> dlq = new TopicReader<>(catalog.dlq(), EventSerdes.DEAD_LETTER)) {
            planner.start();
            producer.send(new ProducerRecord<>(
                            catalog.jobs(), "tick", EventSerdes.JOB.toJson(TestJobs.everySecond("tick"))))
                    .get();

            await().atMost(DEADLINE)
                    .untilAsserted(
                            () -> assertThat(scheduledSeconds(fires.values())).hasSizeGreaterThanOrEqualTo(3));
            assertThat(planner.isRunning()).isTrue();

            producer.send(new ProducerRecord<>(catalog.requests(), "tick", "{ this is not a request"))
                    .get();
            DeadLetter letter = await().atMost(DEADLINE)
                    .until(() -> dlq.values().stream().findFirst().orElse(null), Objects::nonNull);
            assertThat(letter.sourceTopic()).isEqualTo(catalog.requests());
            assertThat(letter.reason()).startsWith("not a valid JobRequest");

            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(fires.values())
                            .anySatisfy(fire -> assertThat(fire.emittedAt()).isAfter(letter.at())));
            List<FireEvent> all = fires.values();
            assertThat(all).extracting(FireEvent::action).containsOnly(FireAction.FIRE);
            assertThat(all).extracting(FireEvent::fireId).doesNotHaveDuplicates();
        }
    }

    private static List<Long> scheduledSeconds(List<FireEvent> fires) {
        return fires.stream()
                .map(fire -> fire.scheduledAt().getEpochSecond())
                .distinct()
                .toList();
    }

    private static KafkaProducer<String, String> producer() {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        TestKafka.bootstrapServers(),
                        ProducerConfig.ACKS_CONFIG,
                        "all"),
                new StringSerializer(),
                new StringSerializer());
    }
}
