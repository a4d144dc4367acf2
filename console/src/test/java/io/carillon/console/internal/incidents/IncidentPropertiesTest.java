package io.carillon.console.internal.incidents;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IncidentPropertiesTest {

    @Test
    void hasTheDocumentedDefaults() {
        IncidentProperties settings = new IncidentProperties();

        assertThat(settings.getGroupId()).isNull();
        assertThat(settings.getMaxPollRecords()).isEqualTo(500);
        assertThat(settings.getDefaultPageSize()).isEqualTo(50);
        assertThat(settings.getMaxPageSize()).isEqualTo(500);
        assertThat(settings.getMaxHistory()).isEqualTo(200);
    }
}
