package io.carillon.console.internal.limits;

import io.carillon.topics.events.ConcurrencyLimit;
import java.time.Instant;

/** A concurrency limit as the REST API shows it: the limit, and who changed it last, when. */
public record LimitView(ConcurrencyLimit limit, Instant updatedAt, String updatedBy) {

    static LimitView of(LimitRepository.Row row) {
        return new LimitView(row.limit(), row.updatedAt(), row.updatedBy());
    }
}
