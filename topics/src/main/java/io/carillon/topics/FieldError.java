package io.carillon.topics;

/** A problem with one field of an event or a request: the field's path and what is wrong with it. */
public record FieldError(String field, String message) {

    @Override
    public String toString() {
        return field + ": " + message;
    }
}
