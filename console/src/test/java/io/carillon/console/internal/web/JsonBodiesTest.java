package io.carillon.console.internal.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.carillon.topics.FieldError;
import io.carillon.topics.events.JobDefinition;
import org.junit.jupiter.api.Test;

class JsonBodiesTest {

    @Test
    void namesAnUnknownEnumValueAndTheAllowedOnes() {
        assertThat(problemOf("{\"id\": \"a\", \"routing\": \"NEAREST\"}"))
                .isEqualTo(new FieldError(
                        "routing",
                        "'NEAREST' is not one of FIRST, LAST, ROUND_ROBIN, RANDOM, CONSISTENT_HASH, LEAST_FREQUENTLY_USED,"
                                + " LEAST_RECENTLY_USED, FAILOVER, BUSYOVER, SHARDING_BROADCAST"));
    }

    @Test
    void namesNestedAndIndexedFields() {
        assertThat(problemOf("{\"id\": \"a\", \"retry\": {\"maxAttempts\": \"many\"}}")
                        .field())
                .isEqualTo("retry.maxAttempts");
        assertThat(problemOf("{\"id\": \"a\", \"children\": [\"b\", {\"c\": 1}]}")
                        .field())
                .isEqualTo("children[1]");
        assertThat(problemOf("{\"id\": \"a\", \"schedule\": {\"type\": \"ONCE\", \"at\": \"tomorrow\"}}")
                        .field())
                .isEqualTo("schedule.at");
    }

    @Test
    void refusesUnknownFields() {
        assertThat(problemOf("{\"id\": \"a\", \"colour\": \"red\"}"))
                .isEqualTo(new FieldError("colour", "is not a known field"));
    }

    @Test
    void refusesBodiesThatAreNoJsonObject() {
        assertThat(catchThrowableOfType(InvalidInputException.class, () -> JsonBodies.object(""))
                        .getMessage())
                .contains("empty");
        assertThat(catchThrowableOfType(InvalidInputException.class, () -> JsonBodies.object("42"))
                        .getMessage())
                .contains("must be a JSON object");
    }

    private static FieldError problemOf(String json) {
        InvalidInputException e = catchThrowableOfType(
                InvalidInputException.class, () -> JsonBodies.convert(JsonBodies.object(json), JobDefinition.class));
        assertThat(e.fieldErrors()).hasSize(1);
        return e.fieldErrors().get(0);
    }
}
