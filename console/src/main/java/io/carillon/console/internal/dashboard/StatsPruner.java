package io.carillon.console.internal.dashboard;

import io.carillon.console.internal.kafka.ConsoleKafkaProperties;
import io.carillon.console.internal.support.PeriodicTask;
import io.carillon.topics.events.StatsWindow;
import java.time.Clock;
import java.time.Instant;
import org.springframework.stereotype.Component;

/**
 * Keeps {@code run_stats} bounded: every {@code carillon.console.dashboard.prune-interval} it deletes the per-minute
 * windows older than {@code minute-retention} and the per-hour windows older than {@code hour-retention}, measured
 * from the injected Clock's now, in statements of at most {@code prune-batch-size} rows. Deleting is idempotent, so
 * console instances sharing a database need no lock. A failing pass is logged and retried at the next interval.
 */
@Component
public class StatsPruner extends PeriodicTask {

    private final StatsRepository stats;
    private final DashboardProperties settings;
    private final Clock clock;

    StatsPruner(
            StatsRepository stats, DashboardProperties settings, ConsoleKafkaProperties kafkaProperties, Clock clock) {
        this.stats = stats;
        this.settings = settings;
        this.clock = clock;
        runEvery("stats-pruner", settings.getPruneInterval(), kafkaProperties.getSendTimeout(), this::prune);
    }

    /**
     * Deletes every window past its retention at the Clock's now; called by the pruner's thread, safe from others.
     *
     * @return how many windows were deleted
     */
    public long prune() {
        Instant now = clock.instant();
        return pruneAll(StatsWindow.MINUTE, now.minus(settings.getMinuteRetention()))
                + pruneAll(StatsWindow.HOUR, now.minus(settings.getHourRetention()));
    }

    private long pruneAll(StatsWindow window, Instant before) {
        long deleted = 0;
        int batch;
        do {
            batch = stats.prune(window, before, settings.getPruneBatchSize());
            deleted += batch;
        } while (batch == settings.getPruneBatchSize());
        return deleted;
    }
}
