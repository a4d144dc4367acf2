package io.carillon.planner.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.ClaimBatch;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ClaimedRunsTest {

    private static final Instant CLAIMED_AT = Instant.parse("2026-03-02T10:00:00Z");
    private static final Instant SEEN_AT = CLAIMED_AT.plusMillis(40);
    private static final Instant ALIVE_AT = CLAIMED_AT.plusMillis(5);
    private static final Instant TIMEOUT_AT = SEEN_AT.plusSeconds(90);

    private KeyValueStore<String, byte[]> store;

    @BeforeEach
    void openStore() {
        store = Stores.keyValueStoreBuilder(
                        Stores.inMemoryKeyValueStore("open-claims"), Serdes.String(), Serdes.ByteArray())
                .withLoggingDisabled()
                .build();
        store.init(new MockProcessorContext<>().getStateStoreContext(), store);
    }

    @Test
    void aTaskThatTakesTheStoreOverFindsTheRunsStillOpenAndNotThoseThatEnded() {
        ClaimBatch batch = batch("worker-1", "a", "b", "c");
        ClaimedRuns first = new ClaimedRuns(store);
        first.open(batch, EventSerdes.CLAIM_BATCH.serialize(null, batch), claimsOf(batch, 0, 2), SEEN_AT, ALIVE_AT);
        assertThat(first.close("c#0")).isTrue();

        ClaimedRuns next = new ClaimedRuns(store);

        assertThat(next.contains("a#0")).isTrue();
        assertThat(next.contains("b#0")).as("not taken: its job is not held").isFalse();
        assertThat(next.contains("c#0")).as("ended").isFalse();
        assertThat(next.open()).singleElement().satisfies(open -> {
            assertThat(open.run()).isEqualTo(batch.claims().get(0));
            assertThat(open.seenAt()).isEqualTo(SEEN_AT);
            assertThat(open.timeoutAt()).isEqualTo(TIMEOUT_AT);
        });
        assertThat(next.close("c#0")).isFalse();
        assertThat(next.close("a#0")).isTrue();
        assertThat(next.isEmpty()).isTrue();
        assertThat(keys())
                .as("the base and the ended bits deleted with the last run")
                .isEmpty();
    }

    @Test
    void aBatchIsStoredAsItsBaseAndThenItsEndedBits() {
        ClaimBatch batch = batch("worker-1", "a", "b", "c");
        ClaimedRuns runs = new ClaimedRuns(store);
        runs.open(batch, EventSerdes.CLAIM_BATCH.serialize(null, batch), claimsOf(batch, 0, 1, 2), SEEN_AT, ALIVE_AT);
        assertThat(keys()).hasSize(1);

        runs.close("b#0");

        assertThat(keys()).hasSize(2);
        assertThat(runs.open()).extracting(open -> open.run().runId()).containsExactly("a#0", "c#0");
    }

    @Test
    void twoBatchesAlikeInInstantInstanceAndFirstRunAreKeptApart() {
        ClaimBatch first = batch("worker-1", "a", "b");
        ClaimBatch second = batch("worker-1", "a");
        ClaimedRuns runs = new ClaimedRuns(store);
        runs.open(first, EventSerdes.CLAIM_BATCH.serialize(null, first), claimsOf(first, 0, 1), SEEN_AT, ALIVE_AT);
        runs.close("a#0");
        runs.open(second, EventSerdes.CLAIM_BATCH.serialize(null, second), claimsOf(second, 0), SEEN_AT, ALIVE_AT);

        assertThat(new ClaimedRuns(store).open())
                .extracting(open -> open.run().runId())
                .containsExactly("b#0", "a#0");
    }

    private List<String> keys() {
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, byte[]> entries = store.all()) {
            entries.forEachRemaining(entry -> keys.add(entry.key));
        }
        return keys;
    }

    private static List<ClaimedBatch.Claim> claimsOf(ClaimBatch batch, int... indices) {
        List<ClaimedBatch.Claim> claims = new ArrayList<>();
        for (int index : indices) {
            claims.add(new ClaimedBatch.Claim(index, batch.claims().get(index), index == 0 ? TIMEOUT_AT : null));
        }
        return claims;
    }

    private static ClaimBatch batch(String instance, String... fireIds) {
        List<RunResult> claims = new ArrayList<>();
        for (String fireId : fireIds) {
            claims.add(new RunResult(
                    RunResult.SCHEMA_VERSION,
                    fireId + "#0",
                    fireId,
                    "job-" + fireId,
                    "demo",
                    "echo",
                    instance,
                    RunStatus.STARTED,
                    FireKind.SCHEDULED,
                    1,
                    0,
                    1,
                    CLAIMED_AT,
                    null,
                    null,
                    "claimed",
                    null,
                    null,
                    CLAIMED_AT));
        }
        return new ClaimBatch(claims, instance, CLAIMED_AT);
    }
}
