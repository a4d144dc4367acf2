package io.carillon.console.internal.access;

import io.carillon.topics.FieldError;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One role in one app ({@link #EVERY_APP} for all of them). An ADMIN grant always holds every app. Written as text
 * {@code ROLE:app}, which is also the form of an OpenID Connect claim value.
 */
public record Grant(Role role, String app) implements java.io.Serializable {

    /** The app of a grant that covers every app. */
    public static final String EVERY_APP = "*";

    private static final Pattern APP = Pattern.compile("[a-z0-9][a-z0-9._-]{0,127}");
    private static final char SEPARATOR = ':';

    /** Whether this grant allows at least what {@code other} allows. */
    public boolean covers(Grant other) {
        if (role == Role.ADMIN) {
            return true;
        }
        boolean sameApp = app.equals(EVERY_APP) || app.equals(other.app);
        return sameApp && other.role != Role.ADMIN && (role == Role.OPERATOR || other.role == Role.VIEWER);
    }

    /** The problem with this grant, or null when it is valid; {@code field} names it in the error. */
    public FieldError problem(String field) {
        if (role == null) {
            return new FieldError(field + ".role", "is required: one of ADMIN, OPERATOR, VIEWER");
        }
        if (app == null || app.isEmpty()) {
            return new FieldError(field + ".app", "is required: an app name or " + EVERY_APP);
        }
        if (role == Role.ADMIN && !app.equals(EVERY_APP)) {
            return new FieldError(field + ".app", "an ADMIN grant holds every app: use " + EVERY_APP);
        }
        if (!app.equals(EVERY_APP) && !APP.matcher(app).matches()) {
            return new FieldError(
                    field + ".app",
                    "'" + app + "' is not an app name ([a-z0-9][a-z0-9._-]{0,127})" + " or " + EVERY_APP);
        }
        return null;
    }

    @Override
    public String toString() {
        return role + String.valueOf(SEPARATOR) + app;
    }

    /** A grant from its text {@code ROLE:app} (the role in any case); null when the text is not of that form. */
    public static Grant parse(String text) {
        int separator = text.indexOf(SEPARATOR);
        if (separator <= 0) {
            return null;
        }
        try {
            Role role = Role.valueOf(text.substring(0, separator).trim().toUpperCase(Locale.ROOT));
            Grant grant = new Grant(role, text.substring(separator + 1).trim());
            return grant.problem("grant") == null ? grant : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
