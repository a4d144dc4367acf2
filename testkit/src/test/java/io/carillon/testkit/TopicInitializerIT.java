package io.carillon.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.TopicInitializer;
import io.carillon.topics.TopicMismatchException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;

class TopicInitializerIT {

    @Test
    void createsMissingTopicsWithTheirConfigsAndIsIdempotent() throws Exception {
        TopicCatalog catalog = new TopicCatalog("init1.", 4, (short) 1);
        try (Admin admin = TestKafka.admin()) {
            new TopicInitializer(admin).ensure(catalog.coreTopics());
            new TopicInitializer(admin).ensure(catalog.coreTopics());

            assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS))
                    .contains(catalog.jobs(), catalog.fires(), catalog.workers(), catalog.dlq());
            ConfigResource jobs = new ConfigResource(ConfigResource.Type.TOPIC, catalog.jobs());
            ConfigEntry cleanup = admin.describeConfigs(List.of(jobs))
                    .all()
                    .get(30, TimeUnit.SECONDS)
                    .get(jobs)
                    .get("cleanup.policy");
            assertThat(cleanup.value()).isEqualTo("compact");
        }
    }

    @Test
    void refusesToStartWhenAJoinedTopicHasAnotherPartitionCount() throws Exception {
        TopicCatalog catalog = new TopicCatalog("init2.", 4, (short) 1);
        try (Admin admin = TestKafka.admin()) {
            admin.createTopics(List.of(new NewTopic(catalog.fires(), 2, (short) 1)))
                    .all()
                    .get(30, TimeUnit.SECONDS);

            assertThatThrownBy(() -> new TopicInitializer(admin).ensure(catalog.coreTopics()))
                    .isInstanceOf(TopicMismatchException.class)
                    .hasMessageContaining("topic init2.fires has 2 partitions but the catalog expects 4")
                    .hasMessageContaining("carillon.topics.partitions");
        }
    }

    @Test
    void triggerTopicsMayHaveMorePartitions() throws Exception {
        TopicCatalog catalog = new TopicCatalog("init3.", 4, (short) 1);
        try (Admin admin = TestKafka.admin()) {
            admin.createTopics(List.of(new NewTopic(catalog.trigger("big"), 8, (short) 1)))
                    .all()
                    .get(30, TimeUnit.SECONDS);
            new TopicInitializer(admin).ensure(List.of(catalog.triggerTopic("big")));
            assertThat(admin.describeTopics(List.of(catalog.trigger("big")))
                            .allTopicNames()
                            .get(30, TimeUnit.SECONDS)
                            .get(catalog.trigger("big"))
                            .partitions())
                    .hasSize(8);
        }
    }
}
