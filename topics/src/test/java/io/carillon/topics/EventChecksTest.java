package io.carillon.topics;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class EventChecksTest {

    private static final int MAX_LENGTH = 5;

    private final EventChecks checks = new EventChecks("RunStats");

    @Test
    void refusesAMissingValueNamingTheEventAndTheField() {
        assertThatThrownBy(() -> checks.requirePresent("window", null))
                .isInstanceOf(InvalidEventException.class)
                .hasMessage("not a valid RunStats: field 'window' is required");
        assertThatCode(() -> checks.requirePresent("window", "MINUTE")).doesNotThrowAnyException();
    }

    @Test
    void refusesMissingBlankAndTooLongText() {
        assertThatThrownBy(() -> checks.requireText("app", null, MAX_LENGTH))
                .hasMessage("not a valid RunStats: field 'app' is required");
        assertThatThrownBy(() -> checks.requireText("app", " ", MAX_LENGTH, "is required for this scope"))
                .hasMessage("not a valid RunStats: field 'app' is required for this scope");
        assertThatThrownBy(() -> checks.requireText("app", "billing", MAX_LENGTH))
                .hasMessage("not a valid RunStats: field 'app' is longer than 5 characters");
        assertThatCode(() -> checks.requireText("app", "bill", MAX_LENGTH)).doesNotThrowAnyException();
    }

    @Test
    void letsMissingOptionalTextPassButNotTooLongText() {
        assertThatCode(() -> checks.requireAtMost("jobId", null, MAX_LENGTH)).doesNotThrowAnyException();
        assertThatCode(() -> checks.requireAtMost("jobId", "nightly", 7)).doesNotThrowAnyException();
        assertThatThrownBy(() -> checks.requireAtMost("jobId", "nightly", MAX_LENGTH))
                .hasMessage("not a valid RunStats: field 'jobId' is longer than 5 characters");
    }
}
