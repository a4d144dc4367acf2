package io.carillon.console.internal.outbox;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** The relay that publishes job changes from the {@code job_outbox} table to the {@code jobs} topic. */
@ConfigurationProperties("carillon.console.outbox")
public class OutboxProperties {
    /**
     * Pause between two relay passes over the outbox while it has changes to publish. Default 100 ms. A change
     * written through this console wakes the relay at once, whatever the pause ({@code wake-on-change}).
     */
    private Duration pollInterval = Duration.ofMillis(100);
    /**
     * Longest pause between two relay passes: with nothing to publish the pause grows from {@code poll-interval}
     * (a tenth of the time since the last change) to this, so an idle console reads the outbox every few seconds
     * rather than ten times a second. Bounds how late a change another process writes to the outbox is published.
     * A {@code poll-interval} longer than this is the longest pause too (no backoff). Default 2 s.
     */
    private Duration maxPollInterval = Duration.ofSeconds(2);
    /**
     * Whether a change committed through this console wakes the relay at once. Off, the change waits for the next
     * pass (at most {@code max-poll-interval}); a run-now request still publishes its job first. Default on.
     */
    private boolean wakeOnChange = true;
    /** Most outbox rows published in one database transaction. Default 500. */
    private int batchSize = 500;

    public Duration getPollInterval() {
        return pollInterval;
    }

    public void setPollInterval(Duration pollInterval) {
        this.pollInterval = pollInterval;
    }

    public Duration getMaxPollInterval() {
        return maxPollInterval;
    }

    public void setMaxPollInterval(Duration maxPollInterval) {
        this.maxPollInterval = maxPollInterval;
    }

    public boolean isWakeOnChange() {
        return wakeOnChange;
    }

    public void setWakeOnChange(boolean wakeOnChange) {
        this.wakeOnChange = wakeOnChange;
    }

    public int getBatchSize() {
        return batchSize;
    }

    public void setBatchSize(int batchSize) {
        this.batchSize = batchSize;
    }
}
