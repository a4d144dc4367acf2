package io.carillon.console.internal.web;

import io.carillon.topics.FieldError;
import java.util.List;

/** Input the console refuses (answered with 400): a summary and the problem of each field. */
public final class InvalidInputException extends RuntimeException {

    private final List<FieldError> fieldErrors;

    public InvalidInputException(String message, List<FieldError> fieldErrors) {
        super(message);
        this.fieldErrors = List.copyOf(fieldErrors);
    }

    /** Input whose problems are all field errors; the message lists them. */
    public static InvalidInputException of(List<FieldError> fieldErrors) {
        return new InvalidInputException(
                "invalid input: "
                        + fieldErrors.stream()
                                .map(FieldError::toString)
                                .collect(java.util.stream.Collectors.joining("; ")),
                fieldErrors);
    }

    public static InvalidInputException of(String field, String message) {
        return of(List.of(new FieldError(field, message)));
    }

    public List<FieldError> fieldErrors() {
        return fieldErrors;
    }
}
