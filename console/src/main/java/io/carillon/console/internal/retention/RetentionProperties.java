package io.carillon.console.internal.retention;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How long the console keeps runs and their logs ({@code carillon.console.retention.*}). Both tables hold one
 * partition per UTC day of the run's scheduled time; a pass of the retention task, every {@code interval} on each
 * console instance (one instance works at a time), creates the partitions of today and of {@code days-ahead} days
 * after it, and drops every day that ended more than the retention ago. Logs may be kept shorter than runs, not
 * longer.
 */
@ConfigurationProperties("carillon.console.retention")
public class RetentionProperties {
    /** How long a day of runs is kept after it ends. Default 30 days; at least one day. */
    private Duration runs = Duration.ofDays(30);
    /** How long a day of run logs is kept after it ends; at most {@code runs}. Default 30 days; at least one day. */
    private Duration logs = Duration.ofDays(30);
    /** Days after today whose partitions each pass creates ahead. Default 7; at least 1. */
    private int daysAhead = 7;
    /** Pause between two passes of the retention task. Default 1 h. */
    private Duration interval = Duration.ofHours(1);
    /**
     * Longest one step of a pass waits for a table lock (a partition is created or dropped while queries run);
     * a step that waits longer fails and the next pass tries again. Default 10 s.
     */
    private Duration lockTimeout = Duration.ofSeconds(10);

    public Duration getRuns() {
        return runs;
    }

    public void setRuns(Duration runs) {
        this.runs = runs;
    }

    public Duration getLogs() {
        return logs;
    }

    public void setLogs(Duration logs) {
        this.logs = logs;
    }

    public int getDaysAhead() {
        return daysAhead;
    }

    public void setDaysAhead(int daysAhead) {
        this.daysAhead = daysAhead;
    }

    public Duration getInterval() {
        return interval;
    }

    public void setInterval(Duration interval) {
        this.interval = interval;
    }

    public Duration getLockTimeout() {
        return lockTimeout;
    }

    public void setLockTimeout(Duration lockTimeout) {
        this.lockTimeout = lockTimeout;
    }
}
