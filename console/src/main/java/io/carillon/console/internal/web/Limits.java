package io.carillon.console.internal.web;

/** Checks a numeric query parameter against its bounds. */
public final class Limits {

    private Limits() {}

    /** {@code value}, or {@code defaultValue} when absent; 400 naming {@code name} when outside 1..max. */
    public static int within(String name, Integer value, int defaultValue, int max) {
        int effective = value == null ? defaultValue : value;
        if (effective < 1 || effective > max) {
            throw InvalidInputException.of(name, "must be between 1 and " + max + ", was " + effective);
        }
        return effective;
    }
}
