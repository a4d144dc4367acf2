package io.carillon.console;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** Settings of the console ({@code carillon.console.*}); each field documents its default. */
@ConfigurationProperties("carillon.console")
public class ConsoleProperties {

    private final Outbox outbox = new Outbox();
    private final Materializer materializer = new Materializer();
    private final Kafka kafka = new Kafka();
    private final Api api = new Api();

    public Outbox getOutbox() {
        return outbox;
    }

    public Materializer getMaterializer() {
        return materializer;
    }

    public Kafka getKafka() {
        return kafka;
    }

    public Api getApi() {
        return api;
    }

    /** The relay that publishes job changes from the {@code job_outbox} table to the {@code jobs} topic. */
    public static class Outbox {
        /** Pause between two relay passes over the outbox. Default 100 ms. */
        private Duration pollInterval = Duration.ofMillis(100);
        /** Most outbox rows published in one database transaction. Default 500. */
        private int batchSize = 500;

        public Duration getPollInterval() { return pollInterval; }
        public void setPollInterval(Duration pollInterval) { this.pollInterval = pollInterval; }
        public int getBatchSize() { return batchSize; }
        public void setBatchSize(int batchSize) { this.batchSize = batchSize; }
    }

    /** The consumer that writes the {@code results} topic into the {@code runs} table. */
    public static class Materializer {
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
         * adds to the time a run's status takes to appear. Default 100 ms.
         */
        private Duration fetchMaxWait = Duration.ofMillis(100);

        public String getGroupId() { return groupId; }
        public void setGroupId(String groupId) { this.groupId = groupId; }
        public int getConcurrency() { return concurrency; }
        public void setConcurrency(int concurrency) { this.concurrency = concurrency; }
        public Duration getRetryBackoff() { return retryBackoff; }
        public void setRetryBackoff(Duration retryBackoff) { this.retryBackoff = retryBackoff; }
        public int getMaxPollRecords() { return maxPollRecords; }
        public void setMaxPollRecords(int maxPollRecords) { this.maxPollRecords = maxPollRecords; }
        public int getFetchMinBytes() { return fetchMinBytes; }
        public void setFetchMinBytes(int fetchMinBytes) { this.fetchMinBytes = fetchMinBytes; }
        public Duration getFetchMaxWait() { return fetchMaxWait; }
        public void setFetchMaxWait(Duration fetchMaxWait) { this.fetchMaxWait = fetchMaxWait; }
    }

    /** The console's Kafka producer (outbox relay, run-now requests, dead letters). */
    public static class Kafka {
        /** How long a send may wait for the broker's acknowledgement before it counts as failed. Default 30 s. */
        private Duration sendTimeout = Duration.ofSeconds(30);

        public Duration getSendTimeout() { return sendTimeout; }
        public void setSendTimeout(Duration sendTimeout) { this.sendTimeout = sendTimeout; }
    }

    /** Limits of the REST API. */
    public static class Api {
        /** Runs returned by {@code GET /api/v1/jobs/{id}/runs} without {@code limit}. Default 50. */
        private int defaultRunLimit = 50;
        /** Largest accepted {@code limit} of the runs endpoint. Default 1000. */
        private int maxRunLimit = 1000;
        /** Fire times returned by the schedule preview without {@code count}. Default 10. */
        private int defaultPreviewCount = 10;
        /** Largest accepted {@code count} of the schedule preview. Default 100. */
        private int maxPreviewCount = 100;

        public int getDefaultRunLimit() { return defaultRunLimit; }
        public void setDefaultRunLimit(int defaultRunLimit) { this.defaultRunLimit = defaultRunLimit; }
        public int getMaxRunLimit() { return maxRunLimit; }
        public void setMaxRunLimit(int maxRunLimit) { this.maxRunLimit = maxRunLimit; }
        public int getDefaultPreviewCount() { return defaultPreviewCount; }
        public void setDefaultPreviewCount(int defaultPreviewCount) { this.defaultPreviewCount = defaultPreviewCount; }
        public int getMaxPreviewCount() { return maxPreviewCount; }
        public void setMaxPreviewCount(int maxPreviewCount) { this.maxPreviewCount = maxPreviewCount; }
    }
}
