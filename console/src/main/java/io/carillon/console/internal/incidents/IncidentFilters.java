package io.carillon.console.internal.incidents;

import io.carillon.console.internal.incidents.IncidentQuery.Position;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.events.IncidentRule;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The filters of {@code GET /api/v1/incidents} as the caller wrote them, each null or blank for any: {@code state}
 * (OPEN or RESOLVED) and {@code rule} (FAILED, MISSED, NO_WORKER) in any case, {@code app}, {@code job}.
 */
record IncidentFilters(String state, String app, String job, String rule) {

    private static final Set<String> STATES = Set.of("OPEN", "RESOLVED");
    private static final Set<String> RULES =
            Arrays.stream(IncidentRule.values()).map(Enum::name).collect(Collectors.toSet());

    /** The query of these filters, starting after {@code after}; 400 naming the filter that is not valid. */
    IncidentQuery toQuery(Position after) {
        return new IncidentQuery(
                oneOf("state", state, STATES), blankToNull(app), blankToNull(job), oneOf("rule", rule, RULES), after);
    }

    private static String oneOf(String field, String value, Set<String> allowed) {
        String wanted = blankToNull(value);
        if (wanted == null) {
            return null;
        }
        wanted = wanted.toUpperCase(Locale.ROOT);
        if (!allowed.contains(wanted)) {
            throw InvalidInputException.of(
                    field,
                    "'" + value + "' is not one of " + allowed.stream().sorted().collect(Collectors.joining(", ")));
        }
        return wanted;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
