package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TopicOffsetsTest {

    @Test
    void eachTopicThatGrewIsNamedWithoutThePrefixWithItsGrowthPerFire() {
        Map<String, Long> before = Map.of("b1.fires", 100L, "b1.results", 50L, "b1.jobs", 7L);
        Map<String, Long> after =
                Map.of("b1.fires", 1100L, "b1.results", 3050L, "b1.jobs", 7L, "__consumer_offsets", 333L);

        assertThat(TopicOffsets.perFire(before, after, "b1.", 1000))
                .containsExactly(
                        Map.entry("__consumer_offsets", 0.33), Map.entry("fires", 1.0), Map.entry("results", 3.0));
    }

    @Test
    void nothingIsReportedWithoutFires() {
        assertThat(TopicOffsets.perFire(Map.of(), Map.of("b1.fires", 5L), "b1.", 0))
                .isEmpty();
    }
}
