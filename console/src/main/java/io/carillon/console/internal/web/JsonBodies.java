package io.carillon.console.internal.web;

import io.carillon.topics.FieldError;
import io.carillon.topics.Json;
import io.carillon.topics.events.JobDefinition;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads request bodies with Carillon's event mapping ({@link Json#mapper()}) made strict about unknown fields, and
 * turns every mapping problem into an {@link InvalidInputException} naming the field by its path
 * ({@code schedule.type}, {@code children[2]}). Thread-safe.
 */
public final class JsonBodies {

    private static final JsonMapper STRICT = Json.mapper()
            .rebuild()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private JsonBodies() {}

    /** {@code body} as a JSON object. */
    public static ObjectNode object(String body) {
        if (body == null || body.isBlank()) {
            throw new InvalidInputException("the request body is empty: send a JSON object", List.of());
        }
        JsonNode tree;
        try {
            tree = STRICT.readTree(body);
        } catch (JacksonException e) {
            throw new InvalidInputException(
                    "the request body is not valid JSON: " + firstLine(e.getOriginalMessage()), List.of());
        }
        if (!(tree instanceof ObjectNode object)) {
            throw new InvalidInputException(
                    "the request body must be a JSON object, not " + tree.getNodeType(), List.of());
        }
        return object;
    }

    /** {@code node} as a {@code type}. */
    public static <T> T convert(ObjectNode node, Class<T> type) {
        try {
            return STRICT.treeToValue(node, type);
        } catch (JacksonException e) {
            throw InvalidInputException.of(List.of(new FieldError(fieldOf(e), problemOf(e))));
        }
    }

    /**
     * {@code node} as a job definition sent by a user: {@code version} and {@code schemaVersion} are the console's
     * to assign (sent values are ignored), {@code enabled} defaults to true (also when sent as null).
     */
    public static JobDefinition jobDefinition(ObjectNode node) {
        return userDefinition(node, JobDefinition.class);
    }

    /**
     * {@code node} as a definition ({@code type}: a job or a workflow) sent by a user: {@code version} and
     * {@code schemaVersion} are the console's to assign (sent values are ignored), {@code enabled} defaults to true
     * (also when sent as null).
     */
    public static <T> T userDefinition(ObjectNode node, Class<T> type) {
        node.remove("version");
        node.remove("schemaVersion");
        if (!node.hasNonNull("enabled")) {
            node.put("enabled", true);
        }
        return convert(node, type);
    }

    private static String fieldOf(JacksonException e) {
        String path = e.getPath().stream()
                .map(reference -> reference.getPropertyName() != null
                        ? "." + reference.getPropertyName()
                        : "[" + reference.getIndex() + "]")
                .collect(Collectors.joining());
        return path.startsWith(".") ? path.substring(1) : path;
    }

    private static String problemOf(JacksonException e) {
        if (e instanceof UnrecognizedPropertyException) {
            return "is not a known field";
        }
        if (e instanceof InvalidFormatException invalid
                && invalid.getTargetType() != null
                && invalid.getTargetType().isEnum()) {
            String allowed = Arrays.stream(invalid.getTargetType().getEnumConstants())
                    .map(Object::toString)
                    .collect(Collectors.joining(", "));
            return "'" + invalid.getValue() + "' is not one of " + allowed;
        }
        return firstLine(e.getOriginalMessage());
    }

    private static String firstLine(String message) {
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
