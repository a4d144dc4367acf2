package io.carillon.dispatcher;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import java.time.Instant;

/** Fires as the dispatcher's integration tests send them to {@code fires}. */
final class TestFires {

    private TestFires() {}

    /** The first attempt of {@code jobId}'s scheduled fire at {@code at} (app {@code demo}, handler {@code echo}). */
    static FireEvent scheduled(String jobId, Instant at, Instant emittedAt) {
        return new FireEvent(
                0,
                null,
                FireIds.scheduled(jobId, at),
                jobId,
                1,
                "demo",
                "echo",
                at,
                FireKind.SCHEDULED,
                1,
                "{}",
                null,
                null,
                null,
                0,
                null,
                null,
                emittedAt);
    }
}
