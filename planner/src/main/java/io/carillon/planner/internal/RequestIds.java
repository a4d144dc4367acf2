package io.carillon.planner.internal;

import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;

/**
 * The ids acted on: request ids, so a replayed request does nothing, and (prefixed) the retry fire ids scheduled,
 * so a replayed result schedules no second retry. Backed by a window store keyed by request id with
 * the time the request was acted on as window start: Kafka Streams drops whole segments older than the retention,
 * so the store cleans itself without a scan. Used by one stream task's thread only.
 */
final class RequestIds {

    private final WindowStore<String, Long> store;
    private final Duration retention;

    RequestIds(WindowStore<String, Long> store, Duration retention) {
        this.store = store;
        this.retention = retention;
    }

    boolean seen(String requestId, Instant now) {
        long from = now.minus(retention).toEpochMilli();
        long to = now.plus(retention).toEpochMilli();
        try (WindowStoreIterator<Long> hits = store.fetch(requestId, from, to)) {
            return hits.hasNext();
        }
    }

    void record(String requestId, Instant now) {
        store.put(requestId, now.toEpochMilli(), now.toEpochMilli());
    }
}
