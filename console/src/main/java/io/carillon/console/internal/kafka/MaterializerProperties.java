package io.carillon.console.internal.kafka;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** The consumer that writes the {@code results} topic into the {@code runs} table. */
@ConfigurationProperties("carillon.console.materializer")
public class MaterializerProperties {
    /** Consumer group of the materializer. Default: the topic prefix followed by {@code console}. */
    private String groupId;
    /** Consumer threads (each takes a share of the results partitions). Default 1. */
    private int concurrency = 1;
    /** Pause before a batch is retried after the database failed. Default 1 s. */
    private Duration retryBackoff = Duration.ofSeconds(1);
    /**
     * Most results in one poll, hence in one database transaction ({@code max.poll.records}). Default 5000:
     * a second of results at 2,500 runs/s in one transaction; the Kafka default, 500, means 40 transactions a
     * second at 10,000 runs/s.
     */
    private int maxPollRecords = 5000;
    /**
     * Bytes a fetch waits for before the broker answers ({@code fetch.min.bytes}), so that a busy topic is read
     * in large batches. Default 64 KiB, about 200 results.
     */
    private int fetchMinBytes = 64 * 1024;
    /**
     * Longest a fetch waits for {@code fetch-min-bytes} ({@code fetch.max.wait.ms}): the most a quiet console
     * adds to the time a run's status or a log line takes to appear. Default 100 ms.
     */
    private Duration fetchMaxWait = Duration.ofMillis(100);
    /**
     * How long a worker's claim on a run (a STARTED without a start time, written a moment before the run is
     * due) waits for the run's next result before it is written alone, so a short run is written once. Default
     * 1 s; 0 writes each claim at once.
     */
    private Duration claimHold = Duration.ofSeconds(1);

    public String getGroupId() {
        return groupId;
    }

    public void setGroupId(String groupId) {
        this.groupId = groupId;
    }

    public int getConcurrency() {
        return concurrency;
    }

    public void setConcurrency(int concurrency) {
        this.concurrency = concurrency;
    }

    public Duration getRetryBackoff() {
        return retryBackoff;
    }

    public void setRetryBackoff(Duration retryBackoff) {
        this.retryBackoff = retryBackoff;
    }

    public int getMaxPollRecords() {
        return maxPollRecords;
    }

    public void setMaxPollRecords(int maxPollRecords) {
        this.maxPollRecords = maxPollRecords;
    }

    public int getFetchMinBytes() {
        return fetchMinBytes;
    }

    public void setFetchMinBytes(int fetchMinBytes) {
        this.fetchMinBytes = fetchMinBytes;
    }

    public Duration getFetchMaxWait() {
        return fetchMaxWait;
    }

    public void setFetchMaxWait(Duration fetchMaxWait) {
        this.fetchMaxWait = fetchMaxWait;
    }

    public Duration getClaimHold() {
        return claimHold;
    }

    public void setClaimHold(Duration claimHold) {
        this.claimHold = claimHold;
    }
}
