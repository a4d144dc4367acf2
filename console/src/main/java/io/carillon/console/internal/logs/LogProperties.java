package io.carillon.console.internal.logs;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Run logs: the consumer that writes the {@code logs} topic into {@code run_logs} (polls sized by
 * {@code materializer.*}), the per-run cap, the log pages and the live log streams.
 */
@ConfigurationProperties("carillon.console.logs")
public class LogProperties {
    /** Consumer group of the log materializer. Default: the topic prefix followed by {@code console-logs}. */
    private String groupId;
    /** Lines kept of one run; later lines are counted, not kept, and the log says where it was cut. Default 10,000. */
    private int maxLinesPerRun = 10_000;
    /** UTF-8 bytes of messages kept of one run, cut like {@code max-lines-per-run}. Default 5 MiB. */
    private long maxBytesPerRun = 5L * 1024 * 1024;
    /** Longest message kept of one line, in characters; a longer one is shortened and marked. Default 8192. */
    private int maxLineLength = 8192;
    /** Lines of one page of {@code GET /api/v1/runs/{runId}/logs} without {@code limit}. Default 1000. */
    private int defaultPageSize = 1000;
    /** Largest accepted {@code limit} of a log page. Default 10,000. */
    private int maxPageSize = 10_000;
    /** Live log streams open at once in this console; one more is answered 503. Default 100. */
    private int maxStreams = 100;
    /** Longest a live log stream stays open; the client reconnects with its last seq to go on. Default 30 min. */
    private Duration streamMaxDuration = Duration.ofMinutes(30);
    /**
     * Pause between two passes of the poller that sends new lines to every open stream (one pass reads them all
     * in two queries; the materializer also wakes it as soon as it stored lines of a streamed run). Default 500 ms.
     */
    private Duration streamPollInterval = Duration.ofMillis(500);
    /**
     * How long after its run's terminal status was stored a stream still waits for late lines (a worker's log
     * lines travel apart from its results) before it ends. Default 2 s.
     */
    private Duration streamSettle = Duration.ofSeconds(2);
    /** Idle time after which a stream gets a comment line, so that a closed client is noticed. Default 15 s. */
    private Duration streamKeepAlive = Duration.ofSeconds(15);
    /** Most lines one pass sends to one stream. Default 500. */
    private int streamBatchLines = 500;

    public String getGroupId() {
        return groupId;
    }

    public void setGroupId(String groupId) {
        this.groupId = groupId;
    }

    public int getMaxLinesPerRun() {
        return maxLinesPerRun;
    }

    public void setMaxLinesPerRun(int maxLinesPerRun) {
        this.maxLinesPerRun = maxLinesPerRun;
    }

    public long getMaxBytesPerRun() {
        return maxBytesPerRun;
    }

    public void setMaxBytesPerRun(long maxBytesPerRun) {
        this.maxBytesPerRun = maxBytesPerRun;
    }

    public int getMaxLineLength() {
        return maxLineLength;
    }

    public void setMaxLineLength(int maxLineLength) {
        this.maxLineLength = maxLineLength;
    }

    public int getDefaultPageSize() {
        return defaultPageSize;
    }

    public void setDefaultPageSize(int defaultPageSize) {
        this.defaultPageSize = defaultPageSize;
    }

    public int getMaxPageSize() {
        return maxPageSize;
    }

    public void setMaxPageSize(int maxPageSize) {
        this.maxPageSize = maxPageSize;
    }

    public int getMaxStreams() {
        return maxStreams;
    }

    public void setMaxStreams(int maxStreams) {
        this.maxStreams = maxStreams;
    }

    public Duration getStreamMaxDuration() {
        return streamMaxDuration;
    }

    public void setStreamMaxDuration(Duration streamMaxDuration) {
        this.streamMaxDuration = streamMaxDuration;
    }

    public Duration getStreamPollInterval() {
        return streamPollInterval;
    }

    public void setStreamPollInterval(Duration streamPollInterval) {
        this.streamPollInterval = streamPollInterval;
    }

    public Duration getStreamSettle() {
        return streamSettle;
    }

    public void setStreamSettle(Duration streamSettle) {
        this.streamSettle = streamSettle;
    }

    public Duration getStreamKeepAlive() {
        return streamKeepAlive;
    }

    public void setStreamKeepAlive(Duration streamKeepAlive) {
        this.streamKeepAlive = streamKeepAlive;
    }

    public int getStreamBatchLines() {
        return streamBatchLines;
    }

    public void setStreamBatchLines(int streamBatchLines) {
        this.streamBatchLines = streamBatchLines;
    }
}
