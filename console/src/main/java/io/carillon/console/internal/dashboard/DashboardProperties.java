package io.carillon.console.internal.dashboard;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The dashboard: the consumer that writes the {@code stats} topic into {@code run_stats} (polls sized by
 * {@code materializer.*}), how long its windows are kept, and the bounds of {@code GET /api/v1/dashboard}.
 */
@ConfigurationProperties("carillon.console.dashboard")
public class DashboardProperties {
    /** Consumer group of the stats materializer. Default: the topic prefix followed by {@code console-stats}. */
    private String groupId;
    /** How long per-minute stats are kept; also the longest accepted {@code range}. Default 2 days. */
    private Duration minuteRetention = Duration.ofDays(2);
    /** How long per-hour stats are kept; also bounds the accepted {@code days}. Default 60 days. */
    private Duration hourRetention = Duration.ofDays(60);
    /** Pause between two passes of the task that deletes stats past their retention. Default 10 min. */
    private Duration pruneInterval = Duration.ofMinutes(10);
    /** Most stats rows one prune statement deletes (a pass repeats it until none is left). Default 10,000. */
    private int pruneBatchSize = 10_000;
    /** The per-minute chart's span without {@code range}. Default 6 h. */
    private Duration defaultRange = Duration.ofHours(6);
    /** Days of the per-day chart without {@code days}. Default 14. */
    private int defaultDays = 14;
    /** Jobs listed as failing most. Default 10. */
    private int topFailingJobs = 10;
    /** Running runs listed (newest scheduled first). Default 20. */
    private int runningRuns = 20;

    public String getGroupId() {
        return groupId;
    }

    public void setGroupId(String groupId) {
        this.groupId = groupId;
    }

    public Duration getMinuteRetention() {
        return minuteRetention;
    }

    public void setMinuteRetention(Duration minuteRetention) {
        this.minuteRetention = minuteRetention;
    }

    public Duration getHourRetention() {
        return hourRetention;
    }

    public void setHourRetention(Duration hourRetention) {
        this.hourRetention = hourRetention;
    }

    public Duration getPruneInterval() {
        return pruneInterval;
    }

    public void setPruneInterval(Duration pruneInterval) {
        this.pruneInterval = pruneInterval;
    }

    public int getPruneBatchSize() {
        return pruneBatchSize;
    }

    public void setPruneBatchSize(int pruneBatchSize) {
        this.pruneBatchSize = pruneBatchSize;
    }

    public Duration getDefaultRange() {
        return defaultRange;
    }

    public void setDefaultRange(Duration defaultRange) {
        this.defaultRange = defaultRange;
    }

    public int getDefaultDays() {
        return defaultDays;
    }

    public void setDefaultDays(int defaultDays) {
        this.defaultDays = defaultDays;
    }

    public int getTopFailingJobs() {
        return topFailingJobs;
    }

    public void setTopFailingJobs(int topFailingJobs) {
        this.topFailingJobs = topFailingJobs;
    }

    public int getRunningRuns() {
        return runningRuns;
    }

    public void setRunningRuns(int runningRuns) {
        this.runningRuns = runningRuns;
    }
}
