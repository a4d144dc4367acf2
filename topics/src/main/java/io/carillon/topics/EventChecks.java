package io.carillon.topics;

/**
 * Checks a consumer makes on the fields of an event it read, each failing with an {@link InvalidEventException}
 * whose message names the event type and the field: {@code not a valid RunStats: field 'app' is required}.
 * Immutable and thread-safe.
 */
public final class EventChecks {

    private final String eventType;

    /** Checks of events of {@code eventType} (the record's name, {@code RunStats}), as the messages name it. */
    public EventChecks(String eventType) {
        this.eventType = eventType;
    }

    /** Refuses a missing value: {@code is required}. */
    public void requirePresent(String field, Object value) {
        if (value == null) {
            throw invalid(field, "is required");
        }
    }

    /** Refuses missing or blank text ({@code is required}) and text longer than {@code maxLength}. */
    public void requireText(String field, String value, int maxLength) {
        requireText(field, value, maxLength, "is required");
    }

    /**
     * Refuses missing or blank text with {@code whenMissing} as the problem, and text longer than
     * {@code maxLength}.
     */
    public void requireText(String field, String value, int maxLength, String whenMissing) {
        if (value == null || value.isBlank()) {
            throw invalid(field, whenMissing);
        }
        requireAtMost(field, value, maxLength);
    }

    /** Refuses text longer than {@code maxLength} characters; null passes. */
    public void requireAtMost(String field, String value, int maxLength) {
        if (value != null && value.length() > maxLength) {
            throw invalid(field, "is longer than " + maxLength + " characters");
        }
    }

    /** The exception for {@code field}'s {@code problem}. */
    public InvalidEventException invalid(String field, String problem) {
        return new InvalidEventException("not a valid " + eventType + ": field '" + field + "' " + problem);
    }
}
