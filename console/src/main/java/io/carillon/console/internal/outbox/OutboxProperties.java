package io.carillon.console.internal.outbox;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** The relay that publishes job changes from the {@code job_outbox} table to the {@code jobs} topic. */
@ConfigurationProperties("carillon.console.outbox")
public class OutboxProperties {
    /** Pause between two relay passes over the outbox. Default 100 ms. */
    private Duration pollInterval = Duration.ofMillis(100);
    /** Most outbox rows published in one database transaction. Default 500. */
    private int batchSize = 500;

    public Duration getPollInterval() {
        return pollInterval;
    }

    public void setPollInterval(Duration pollInterval) {
        this.pollInterval = pollInterval;
    }

    public int getBatchSize() {
        return batchSize;
    }

    public void setBatchSize(int batchSize) {
        this.batchSize = batchSize;
    }
}
