package io.carillon.console.internal.incidents;

import java.util.regex.Pattern;

/**
 * Turns failures into the {@code lastError} of a delivery: URLs (which carry the robots' tokens) are replaced by
 * {@value #URL_STAND_IN} and the text is cut to {@value #MAX_CHARS} characters. Stateless.
 */
final class FailureText {

    static final int MAX_CHARS = 500;
    static final String URL_STAND_IN = "[url]";
    private static final Pattern URL = Pattern.compile("(?i)\\b[a-z][a-z0-9+.-]*://\\S+");

    private FailureText() {}

    static String of(Throwable failure) {
        String message = failure.getMessage();
        return of(failure.getClass().getSimpleName() + (message == null ? "" : ": " + message));
    }

    static String of(String text) {
        String clean = URL.matcher(text.strip()).replaceAll(URL_STAND_IN);
        return clean.length() <= MAX_CHARS ? clean : clean.substring(0, MAX_CHARS - 1) + "…";
    }
}
