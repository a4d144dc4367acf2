package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class BrokerRequestsTest {

    @Test
    void ratesAreTheRequestsAnsweredInTheWindowPerSecondBusiestFirst() {
        Map<String, Long> before = Map.of("Fetch", 1_000L, "EndTxn", 40L, "Heartbeat", 7L);
        Map<String, Long> after = Map.of("Fetch", 1_940L, "EndTxn", 106L, "Heartbeat", 7L, "Produce", 60L);

        Map<String, Double> rates = BrokerRequests.perSecond(before, after, 30.0);

        assertThat(rates)
                .containsExactly(Map.entry("Fetch", 31.33), Map.entry("EndTxn", 2.2), Map.entry("Produce", 2.0));
    }
}
