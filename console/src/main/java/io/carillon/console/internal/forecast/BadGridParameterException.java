package io.carillon.console.internal.forecast;

import io.carillon.topics.FieldError;
import java.util.List;

/**
 * A parameter of the past runs' grid out of its bounds; {@link ForecastController} answers it as a 400 in the API's
 * error shape ({@code error}, {@code fieldErrors}) naming the parameter.
 */
final class BadGridParameterException extends RuntimeException {

    private final String parameter;

    BadGridParameterException(String parameter, String problem) {
        super("invalid parameter " + parameter + ": " + problem);
        this.parameter = parameter;
    }

    /** The answer's body. */
    Refusal refusal() {
        return new Refusal(getMessage(), List.of(new FieldError(parameter, getMessage())));
    }

    /** The API's error shape. */
    record Refusal(String error, List<FieldError> fieldErrors) {}
}
