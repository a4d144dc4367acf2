package io.carillon.console.internal.web;

import io.carillon.topics.FieldError;
import java.util.List;

/** The body of every error answer of the API: what went wrong, and the problem of each field at fault. */
public record ApiError(String error, List<FieldError> fieldErrors) {

    public ApiError {
        fieldErrors = fieldErrors == null ? List.of() : List.copyOf(fieldErrors);
    }

    public static ApiError of(String error) {
        return new ApiError(error, List.of());
    }
}
