package io.carillon.topics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.junit.jupiter.api.Test;

class TopicCatalogTest {

    @Test
    void namesCarryThePrefixAndJoinedTopicsShareThePartitionCount() {
        TopicCatalog catalog = new TopicCatalog("acme.", 6, (short) 3);

        assertThat(catalog.jobs()).isEqualTo("acme.jobs");
        assertThat(catalog.trigger("billing")).isEqualTo("acme.trigger.billing");
        assertThat(catalog.coreTopics())
                .filteredOn(TopicSpec::coPartitioned)
                .extracting(TopicSpec::name)
                .containsExactly(
                        "acme.jobs",
                        "acme.requests",
                        "acme.fires",
                        "acme.results",
                        "acme.claims",
                        "acme.workflows",
                        "acme.workflow.commands");
        assertThat(catalog.coreTopics()).allSatisfy(spec -> {
            assertThat(spec.partitions()).isEqualTo(6);
            assertThat(spec.replicationFactor()).isEqualTo((short) 3);
        });
    }

    @Test
    void aKeysPartitionIsTheOneKafkasDefaultPartitionerGivesIt() {
        for (String key : List.of("worker-1", "billing-nightly", "ÄÖÜ-job", "")) {
            for (int partitions : new int[] {1, 6, 12}) {
                assertThat(TopicCatalog.partitionOf(key, partitions))
                        .as("%s among %d", key, partitions)
                        .isEqualTo(
                                BuiltInPartitioner.partitionForKey(key.getBytes(StandardCharsets.UTF_8), partitions));
            }
        }
    }

    @Test
    void everyTopicIsCompactedOrKeepsRecordsForAStatedTime() {
        TopicCatalog catalog = new TopicCatalog("acme.", 6, (short) 3);
        List<TopicSpec> topics = new ArrayList<>(catalog.coreTopics());
        topics.add(catalog.triggerTopic("billing"));

        assertThat(topics)
                .filteredOn(spec -> "compact".equals(spec.configs().get("cleanup.policy")))
                .extracting(TopicSpec::name)
                .containsExactly(
                        "acme.jobs",
                        "acme.workers",
                        "acme.alert-rules",
                        "acme.declarations",
                        "acme.calendars",
                        "acme.limits",
                        "acme.workflows");
        Map<String, String> retention = new LinkedHashMap<>();
        topics.stream()
                .filter(spec -> "delete".equals(spec.configs().get("cleanup.policy")))
                .forEach(spec -> retention.put(spec.name(), spec.configs().get("retention.ms")));
        assertThat(retention)
                .hasSize(topics.size() - 7)
                .containsEntry("acme.fires", "604800000")
                .containsEntry("acme.claims", "604800000")
                .containsEntry("acme.control", "86400000")
                .containsEntry("acme.alerts", "2592000000")
                .containsEntry("acme.trigger.billing", "604800000");
    }

    @Test
    void anAppNameIsValidExactlyWhenItMatchesTheDocumentedPattern() {
        Pattern documented = Pattern.compile("[a-z0-9][a-z0-9._-]{0,99}");
        List<String> names = List.of(
                "a",
                "9",
                "billing",
                "billing-v2",
                "a.b_c-d",
                "0abc",
                "",
                " ",
                "A",
                "aB",
                "-a",
                ".a",
                "_a",
                "a b",
                "a/b",
                "ä",
                "a:b",
                "a".repeat(100),
                "a".repeat(101),
                "a" + "-".repeat(99));
        for (String name : names) {
            assertThat(TopicCatalog.isValidAppName(name))
                    .as(name)
                    .isEqualTo(documented.matcher(name).matches());
        }
        assertThat(TopicCatalog.isValidAppName(null)).isFalse();
    }

    @Test
    void anAppNameThatCannotBeATopicNameIsRefused() {
        assertThatThrownBy(() -> TopicCatalog.defaults().trigger("My App"))
                .hasMessageContaining("app name 'My App' is not valid");
    }
}
