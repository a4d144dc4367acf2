package io.carillon.console.internal.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class MaterializerPropertiesTest {

    @Test
    void hasTheDocumentedDefaults() {
        MaterializerProperties settings = new MaterializerProperties();

        assertThat(settings.getGroupId()).isNull();
        assertThat(settings.getConcurrency()).isEqualTo(1);
        assertThat(settings.getRetryBackoff()).isEqualTo(Duration.ofSeconds(1));
        assertThat(settings.getMaxPollRecords()).isEqualTo(5000);
        assertThat(settings.getFetchMinBytes()).isEqualTo(64 * 1024);
        assertThat(settings.getFetchMaxWait()).isEqualTo(Duration.ofMillis(100));
    }

    @Test
    void bindsItsProperties() {
        Map<String, String> source = Map.of(
                "carillon.console.materializer.group-id", "console-b",
                "carillon.console.materializer.max-poll-records", "1000",
                "carillon.console.materializer.fetch-max-wait", "50ms");

        MaterializerProperties settings = new Binder(new MapConfigurationPropertySource(source))
                .bind("carillon.console.materializer", MaterializerProperties.class)
                .get();

        assertThat(settings.getGroupId()).isEqualTo("console-b");
        assertThat(settings.getMaxPollRecords()).isEqualTo(1000);
        assertThat(settings.getFetchMaxWait()).isEqualTo(Duration.ofMillis(50));
    }
}
