package io.carillon.console.internal.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.KafkaClientProperties;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.spring.CarillonTopics;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.junit.jupiter.api.Test;

class MaterializerContainersTest {

    private final CarillonTopics topics =
            new CarillonTopics(TopicCatalog.defaults(), "localhost:9092", KafkaClientProperties.NONE);
    private final MaterializerProperties settings = new MaterializerProperties();

    @Test
    void aBusyTopicIsFetchedInBatchesSizedByTheSettings() {
        Map<String, Object> config = MaterializerContainers.consumerConfig(topics, settings, false, "group");

        assertThat(config)
                .containsEntry(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, settings.getFetchMinBytes())
                .containsEntry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 100)
                .containsEntry(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, settings.getMaxPollRecords())
                .containsEntry(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    }

    @Test
    void aQuietTopicsFetchReturnsAtItsFirstRecordAndOtherwiseWaitsHalfASecond() {
        Map<String, Object> config = MaterializerContainers.consumerConfig(topics, settings, true, "group");

        assertThat(config)
                .containsEntry(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, 1)
                .containsEntry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 500)
                .containsEntry(ConsumerConfig.GROUP_ID_CONFIG, "group")
                .containsEntry(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    }
}
