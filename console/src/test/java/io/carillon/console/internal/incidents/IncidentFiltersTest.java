package io.carillon.console.internal.incidents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.FieldError;
import org.junit.jupiter.api.Test;

class IncidentFiltersTest {

    @Test
    void readsStateAndRuleInAnyCaseAndBlanksAsAny() {
        IncidentQuery query = new IncidentFilters("open", " ops ", "", "no_worker").toQuery(null);

        assertThat(query).isEqualTo(new IncidentQuery("OPEN", "ops", null, "NO_WORKER", null));
        assertThat(new IncidentFilters(null, null, null, " ").toQuery(null))
                .isEqualTo(new IncidentQuery(null, null, null, null, null));
    }

    @Test
    void refusesAnUnknownRuleOrStateNamingIt() {
        assertThatThrownBy(() -> new IncidentFilters(null, null, null, "sluggish").toQuery(null))
                .isInstanceOfSatisfying(
                        InvalidInputException.class,
                        e -> assertThat(e.fieldErrors())
                                .extracting(FieldError::field)
                                .containsExactly("rule"))
                .hasMessageContaining("FAILED, FAILURE_RATE, MISSED, NO_WORKER, OVERRUN, PAUSED, SLOW");
        assertThatThrownBy(() -> new IncidentFilters("closed", null, null, null).toQuery(null))
                .isInstanceOfSatisfying(
                        InvalidInputException.class,
                        e -> assertThat(e.fieldErrors())
                                .extracting(FieldError::field)
                                .containsExactly("state"));
    }
}
