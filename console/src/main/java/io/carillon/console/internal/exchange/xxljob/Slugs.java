package io.carillon.console.internal.exchange.xxljob;

import java.util.Locale;
import java.util.regex.Pattern;

/** Turns xxl-job's free names into Carillon's slugs ({@code [a-z0-9][a-z0-9._-]*}). Stateless. */
final class Slugs {

    private static final Pattern WORD_BOUNDARY = Pattern.compile("(?<=[a-z0-9])(?=[A-Z])");
    private static final Pattern OTHER_CHARACTERS = Pattern.compile("[^a-z0-9._-]+");
    private static final Pattern LEADING = Pattern.compile("^[^a-z0-9]+");
    private static final Pattern TRAILING = Pattern.compile("[._-]+$");
    private static final Pattern DASHES = Pattern.compile("-{2,}");

    private Slugs() {}

    /**
     * {@code text} lower-cased, each run of other characters as one '-', without leading or trailing punctuation,
     * at most {@code maxLength} characters; empty when nothing usable is left. With {@code splitWords}, camelCase
     * words are split first ({@code demoJobHandler} becomes {@code demo-job-handler}).
     */
    static String slug(String text, int maxLength, boolean splitWords) {
        if (text == null) {
            return "";
        }
        String words = splitWords ? WORD_BOUNDARY.matcher(text.trim()).replaceAll("-") : text.trim();
        String slug = OTHER_CHARACTERS.matcher(words.toLowerCase(Locale.ROOT)).replaceAll("-");
        slug = DASHES.matcher(LEADING.matcher(slug).replaceAll("")).replaceAll("-");
        if (slug.length() > maxLength) {
            slug = slug.substring(0, maxLength);
        }
        return TRAILING.matcher(slug).replaceAll("");
    }
}
