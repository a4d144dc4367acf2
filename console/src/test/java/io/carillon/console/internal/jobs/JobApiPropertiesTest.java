package io.carillon.console.internal.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JobApiPropertiesTest {

    @Test
    void hasTheDocumentedDefaults() {
        JobApiProperties settings = new JobApiProperties();

        assertThat(settings.getDefaultPreviewCount()).isEqualTo(10);
        assertThat(settings.getMaxPreviewCount()).isEqualTo(100);
    }
}
