package io.carillon.console.internal.runs;

import java.time.Instant;
import java.util.stream.Collectors;

import io.carillon.topics.InvalidEventException;
import io.carillon.topics.Json;
import io.carillon.topics.events.RunResult;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.module.SimpleModule;

/**
 * Parses {@code results} record values into {@link RunResult}s exactly as {@code EventSerdes.RESULT} does (same
 * mapping, {@link Json}, same results, same error messages), but faster: with a reader bound to the type, and with
 * the four instants of a result read by {@link CanonicalInstants} when they are in the form Carillon writes them
 * (measured: the JDK's ISO_INSTANT parsing was most of the cost of a result). Thread-safe.
 */
final class RunResultReader {

    private static final ObjectReader READER = Json.mapper().rebuild()
            .addModule(new SimpleModule("carillon-console-instants").addDeserializer(Instant.class,
                    new CanonicalInstants()))
            .build()
            .readerFor(RunResult.class);

    private RunResultReader() {
    }

    /**
     * The RunResult in {@code json}.
     *
     * @throws InvalidEventException naming the field at fault when {@code json} is not a valid RunResult
     */
    static RunResult read(byte[] json) {
        try {
            return READER.readValue(json);
        } catch (JacksonException e) {
            throw new InvalidEventException("not a valid " + RunResult.class.getSimpleName() + describe(e), e);
        }
    }

    private static String describe(JacksonException e) {
        String field = e.getPath().stream()
                .map(ref -> ref.getPropertyName() != null ? ref.getPropertyName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining("."));
        String reason = e.getOriginalMessage();
        int newline = reason.indexOf('\n');
        if (newline > 0) {
            reason = reason.substring(0, newline);
        }
        return (field.isEmpty() ? "" : ": field '" + field + "'") + ": " + reason;
    }
}
