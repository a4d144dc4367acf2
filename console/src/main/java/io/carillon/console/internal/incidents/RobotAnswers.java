package io.carillon.console.internal.incidents;

import io.carillon.topics.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** Reads the JSON answer of a chat robot, which says in its body whether it took a message. Stateless. */
final class RobotAnswers {

    private RobotAnswers() {}

    /**
     * {@code "<codeField> <code>: <message>"} when the answer's {@code codeField} is a number other than 0, else null
     * (also when the answer is not JSON or has no such field).
     */
    static String error(String answer, String codeField, String messageField) {
        JsonNode tree;
        try {
            tree = Json.mapper().readTree(answer);
        } catch (JacksonException e) {
            return null;
        }
        JsonNode code = tree == null ? null : tree.get(codeField);
        if (code == null || !code.isNumber() || code.asLong() == 0) {
            return null;
        }
        JsonNode message = tree.get(messageField);
        return codeField + " " + code.asLong() + ": " + (message == null ? "" : message.asString());
    }
}
