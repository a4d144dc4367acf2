package io.carillon.console.internal.jobs;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * What a backfill of a job makes: {@code fires} fires, the first at {@code first} and the last at {@code last};
 * {@code requestId} is the BACKFILL request sent, absent for a dry run.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record BackfillPlan(String requestId, int fires, Instant first, Instant last) {

    BackfillPlan sent(String id) {
        return new BackfillPlan(id, fires, first, last);
    }
}
