package io.carillon.topics.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.TestKafka;
import io.carillon.topics.KafkaClientProperties;
import io.carillon.topics.TopicCatalog;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * The consumer-lag gauge against the real broker: committed offsets behind the end of a topic read as lag per
 * watched group, groups that match no pattern are left out, and the number of groups is bounded.
 */
class ConsumerLagMeterIT {

    private static final int RECORDS = 5;
    private static final Duration NEVER = Duration.ofHours(1);

    @Test
    void readsTheLagOfTheWatchedGroupsOnly() throws Exception {
        TopicCatalog catalog = TestKafka.newCatalog(1);
        writeAndCommit(catalog);
        MeterRegistry registry = new SimpleMeterRegistry();
        ConsumerLagMeter meter = new ConsumerLagMeter(topics(catalog), List.of("planner", "trigger.*"), NEVER, 10);
        meter.bindTo(registry);
        try {
            meter.refresh();
            assertThat(lag(registry, catalog.prefix() + "planner")).isEqualTo(RECORDS - 2);
            assertThat(lag(registry, catalog.prefix() + "trigger.billing")).isZero();
            assertThat(registry.find(ConsumerLagMeter.LAG)
                            .tag("group", catalog.prefix() + "analytics")
                            .gauge())
                    .as("a group no pattern names")
                    .isNull();
        } finally {
            meter.stop();
        }
    }

    @Test
    void measuresNoMoreGroupsThanItsBound() throws Exception {
        TopicCatalog catalog = TestKafka.newCatalog(1);
        writeAndCommit(catalog);
        MeterRegistry registry = new SimpleMeterRegistry();
        ConsumerLagMeter meter = new ConsumerLagMeter(topics(catalog), List.of("*"), NEVER, 2);
        meter.bindTo(registry);
        try {
            meter.refresh();
            assertThat(registry.find(ConsumerLagMeter.LAG).gauges()).hasSize(2);
        } finally {
            meter.stop();
        }
    }

    /** Five records on {@code jobs}; {@code planner} committed 2, {@code trigger.billing} 5, {@code analytics} 0. */
    private static void writeAndCommit(TopicCatalog catalog) throws Exception {
        try (KafkaProducer<String, String> producer = TestKafka.producer(new StringSerializer())) {
            for (int i = 0; i < RECORDS; i++) {
                producer.send(new ProducerRecord<>(catalog.jobs(), "job-" + i, "{}"))
                        .get();
            }
        }
        TopicPartition jobs = new TopicPartition(catalog.jobs(), 0);
        try (Admin admin = TestKafka.admin()) {
            for (Map.Entry<String, Long> committed : Map.of(
                            "planner", 2L, "trigger.billing", (long) RECORDS, "analytics", 0L)
                    .entrySet()) {
                admin.alterConsumerGroupOffsets(
                                catalog.prefix() + committed.getKey(),
                                Map.of(jobs, new OffsetAndMetadata(committed.getValue())))
                        .all()
                        .get();
            }
        }
    }

    private static CarillonTopics topics(TopicCatalog catalog) {
        return new CarillonTopics(catalog, TestKafka.bootstrapServers(), KafkaClientProperties.NONE);
    }

    private static double lag(MeterRegistry registry, String group) {
        return registry.get(ConsumerLagMeter.LAG).tag("group", group).gauge().value();
    }
}
