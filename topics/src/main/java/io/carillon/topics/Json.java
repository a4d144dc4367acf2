package io.carillon.topics;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.carillon.topics.internal.EventJsonModule;
import io.carillon.topics.internal.InstantJsonModule;
import io.carillon.topics.internal.RecordCreatorModule;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The one JSON mapping of Carillon's events: ISO-8601 instants (UTC, as {@link java.time.Instant#toString()}
 * writes them; read without a formatter when in that form), nulls left out, unknown fields ignored, missing numbers
 * and booleans read as 0 and false. The hot events (fires, triggers, results) are written and read by hand-written
 * streaming codecs ({@link EventJsonModule}) giving the same JSON as databind; the other records are built through
 * their canonical constructors by {@link RecordCreatorModule}. */
public final class Json {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .changeDefaultPropertyInclusion(incl -> incl.withValueInclusion(JsonInclude.Include.NON_NULL))
            .addModule(new InstantJsonModule())
            .addModule(new EventJsonModule())
            .addModule(new RecordCreatorModule())
            .build();

    private Json() {}

    /** The shared mapper; thread-safe. */
    public static JsonMapper mapper() {
        return MAPPER;
    }
}
