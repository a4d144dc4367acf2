package io.carillon.console.internal.declarations;

import java.util.Comparator;

/**
 * Orders app versions numerically per dotted segment: {@code 1.10.0} is newer than {@code 1.9.2}, {@code 2} equals
 * {@code 2.0}. Within a segment the leading digits compare as a number and what follows them as text, where no text
 * is newer than any ({@code 1.0.0-SNAPSHOT} and {@code 1.0.0-rc1} are older than {@code 1.0.0}). A missing segment
 * counts as {@code 0}. Stateless and thread-safe.
 */
final class AppVersions {

    /** Oldest first. */
    public static final Comparator<String> ORDER = AppVersions::compare;

    private AppVersions() {}

    /** Negative when {@code a} is older than {@code b}, zero when they are the same version, positive when newer. */
    public static int compare(String a, String b) {
        String[] left = a.trim().split("\\.");
        String[] right = b.trim().split("\\.");
        for (int i = 0; i < Math.max(left.length, right.length); i++) {
            int order = compareSegment(i < left.length ? left[i] : "0", i < right.length ? right[i] : "0");
            if (order != 0) {
                return order;
            }
        }
        return 0;
    }

    private static int compareSegment(String a, String b) {
        int aDigits = leadingDigits(a);
        int bDigits = leadingDigits(b);
        int order = compareNumbers(a.substring(0, aDigits), b.substring(0, bDigits));
        if (order != 0) {
            return order;
        }
        String aRest = a.substring(aDigits);
        String bRest = b.substring(bDigits);
        if (aRest.isEmpty() || bRest.isEmpty()) {
            return Boolean.compare(aRest.isEmpty(), bRest.isEmpty());
        }
        return aRest.compareTo(bRest);
    }

    private static int compareNumbers(String a, String b) {
        String aNumber = a.replaceFirst("^0+", "");
        String bNumber = b.replaceFirst("^0+", "");
        return aNumber.length() != bNumber.length()
                ? Integer.compare(aNumber.length(), bNumber.length())
                : aNumber.compareTo(bNumber);
    }

    private static int leadingDigits(String segment) {
        int digits = 0;
        while (digits < segment.length() && Character.isDigit(segment.charAt(digits))) {
            digits++;
        }
        return digits;
    }
}
