package io.carillon.console.internal.jobs;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** Limits of the job list, the job actions and the schedule preview ({@code carillon.console.jobs.*}). */
@ConfigurationProperties("carillon.console.jobs")
public class JobProperties {
    /** Jobs on one page of {@code GET /api/v1/jobs} without {@code size}. Default 50. */
    private int defaultPageSize = 50;
    /** Largest accepted page {@code size} of the job list. Default 500. */
    private int maxPageSize = 500;
    /** Longest accepted search text {@code q} and filter value of the job list, in characters. Default 200. */
    private int maxFilterLength = 200;
    /** Most job ids one {@code POST /api/v1/jobs:batch} may name. Default 100. */
    private int maxBatchIds = 100;
    /**
     * Most fires one backfill may make (the planner's own cap is {@code carillon.planner.max-backfill-fires}).
     * Default 1000.
     */
    private int maxBackfillFires = 1000;
    /** Longest pause or resume {@code reason}, in characters. Default 500. */
    private int maxReasonLength = 500;
    /** How far ahead {@code run-at} may ask for a fire. Default 366 days. */
    private Duration maxRunAtAhead = Duration.ofDays(366);
    /** The schedule preview warns when a schedule fires more often than this a day. Default 1440 (every minute). */
    private int firesPerDayWarning = 1440;
    /** How far ahead the schedule preview looks for daylight-saving changes. Default 366 days. */
    private Duration dstLookahead = Duration.ofDays(366);

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

    public int getMaxFilterLength() {
        return maxFilterLength;
    }

    public void setMaxFilterLength(int maxFilterLength) {
        this.maxFilterLength = maxFilterLength;
    }

    public int getMaxBatchIds() {
        return maxBatchIds;
    }

    public void setMaxBatchIds(int maxBatchIds) {
        this.maxBatchIds = maxBatchIds;
    }

    public int getMaxBackfillFires() {
        return maxBackfillFires;
    }

    public void setMaxBackfillFires(int maxBackfillFires) {
        this.maxBackfillFires = maxBackfillFires;
    }

    public int getMaxReasonLength() {
        return maxReasonLength;
    }

    public void setMaxReasonLength(int maxReasonLength) {
        this.maxReasonLength = maxReasonLength;
    }

    public Duration getMaxRunAtAhead() {
        return maxRunAtAhead;
    }

    public void setMaxRunAtAhead(Duration maxRunAtAhead) {
        this.maxRunAtAhead = maxRunAtAhead;
    }

    public int getFiresPerDayWarning() {
        return firesPerDayWarning;
    }

    public void setFiresPerDayWarning(int firesPerDayWarning) {
        this.firesPerDayWarning = firesPerDayWarning;
    }

    public Duration getDstLookahead() {
        return dstLookahead;
    }

    public void setDstLookahead(Duration dstLookahead) {
        this.dstLookahead = dstLookahead;
    }
}
