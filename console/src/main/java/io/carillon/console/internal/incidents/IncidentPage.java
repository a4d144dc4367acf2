package io.carillon.console.internal.incidents;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * One page of incidents, newest opened first, in the list envelope: {@code items} and {@code nextCursor}, null on
 * the last page. {@code incidents} repeats {@code items} for clients of the earlier answer and goes in the next
 * release.
 */
record IncidentPage(List<IncidentView> items, String nextCursor) {

    @Deprecated(forRemoval = true)
    @Schema(deprecated = true, description = "the earlier name of items")
    @JsonProperty("incidents")
    List<IncidentView> incidents() {
        return items;
    }
}
