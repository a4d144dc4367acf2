package io.carillon.console.internal.runs;

import java.util.stream.Collectors;

import io.carillon.topics.InvalidEventException;
import io.carillon.topics.Json;
import io.carillon.topics.events.RunResult;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.ObjectReader;

/**
 * Parses {@code results} record values with a reader bound to {@link RunResult} once (its deserializer is looked
 * up once, not per record as {@code ObjectMapper.readValue} does), with Carillon's one JSON mapping ({@link Json}).
 * Errors read as those of {@code EventSerdes.RESULT}. Thread-safe.
 */
final class RunResultReader {

    private static final ObjectReader READER = Json.mapper().readerFor(RunResult.class);

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
