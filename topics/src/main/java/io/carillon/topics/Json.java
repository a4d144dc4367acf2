package io.carillon.topics;

import com.fasterxml.jackson.annotation.JsonInclude;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The one JSON mapping of Carillon's events: ISO-8601 instants, nulls left out, unknown fields
 * ignored, missing numbers and booleans read as 0 and false. */
public final class Json {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .changeDefaultPropertyInclusion(incl -> incl.withValueInclusion(JsonInclude.Include.NON_NULL))
            .build();

    private Json() {
    }

    /** The shared mapper; thread-safe. */
    public static JsonMapper mapper() {
        return MAPPER;
    }
}
