package io.carillon.console.internal.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class RunApiPropertiesTest {

    @Test
    void hasTheDocumentedDefaults() {
        RunApiProperties settings = new RunApiProperties();

        assertThat(settings.getDefaultRunLimit()).isEqualTo(50);
        assertThat(settings.getMaxRunLimit()).isEqualTo(1000);
        assertThat(settings.getDefaultRunPageSize()).isEqualTo(50);
        assertThat(settings.getMaxRunPageSize()).isEqualTo(500);
    }

    @Test
    void bindsItsProperties() {
        Map<String, String> source = Map.of("carillon.console.api.max-run-limit", "20");

        RunApiProperties settings = new Binder(new MapConfigurationPropertySource(source))
                .bind("carillon.console.api", RunApiProperties.class)
                .get();

        assertThat(settings.getMaxRunLimit()).isEqualTo(20);
    }
}
