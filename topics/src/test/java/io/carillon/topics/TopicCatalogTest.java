package io.carillon.topics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TopicCatalogTest {

    @Test
    void namesCarryThePrefixAndJoinedTopicsShareThePartitionCount() {
        TopicCatalog catalog = new TopicCatalog("acme.", 6, (short) 3);

        assertThat(catalog.jobs()).isEqualTo("acme.jobs");
        assertThat(catalog.trigger("billing")).isEqualTo("acme.trigger.billing");
        assertThat(catalog.coreTopics()).filteredOn(TopicSpec::coPartitioned).extracting(TopicSpec::name)
                .containsExactly("acme.jobs", "acme.requests", "acme.fires", "acme.results");
        assertThat(catalog.coreTopics()).allSatisfy(spec -> {
            assertThat(spec.partitions()).isEqualTo(6);
            assertThat(spec.replicationFactor()).isEqualTo((short) 3);
        });
        assertThat(catalog.coreTopics()).filteredOn(spec -> !spec.configs().isEmpty()).extracting(TopicSpec::name)
                .containsExactly("acme.jobs", "acme.workers");
    }

    @Test
    void anAppNameThatCannotBeATopicNameIsRefused() {
        assertThatThrownBy(() -> TopicCatalog.defaults().trigger("My App"))
                .hasMessageContaining("app name 'My App' is not valid");
    }
}
