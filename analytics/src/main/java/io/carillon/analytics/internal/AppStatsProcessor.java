package io.carillon.analytics.internal;

import java.time.Clock;
import java.time.Instant;

import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

import io.carillon.analytics.AnalyticsSettings;
import io.carillon.topics.events.StatsScope;
import io.carillon.topics.events.StatsWindow;

/**
 * The per-app part of the analytics app, after the repartition by app: merges its jobs' closed minutes
 * ({@link AppContribution}) into the app's minute and hour windows ({@link StatsWindows}, closed
 * {@link AnalyticsSettings#appWindowGrace()} after they end by a wall-clock punctuator) and writes each closed
 * window to {@code stats}. One instance per stream task, on its stream thread.
 */
public final class AppStatsProcessor implements Processor<String, byte[], String, Emitted> {

    private final Clock clock;
    private final AnalyticsSettings settings;
    private Output output;
    private StatsWindows windows;

    public AppStatsProcessor(Clock clock, AnalyticsSettings settings) {
        this.clock = clock;
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, Emitted> context) {
        output = new Output(context, clock);
        windows = new StatsWindows(context.getStateStore(AnalyticsStores.APP_MINUTES),
                context.getStateStore(AnalyticsStores.APP_HOURS), settings.appWindowGrace());
        context.schedule(settings.punctuateInterval(), PunctuationType.WALL_CLOCK_TIME,
                timestamp -> windows.closeDue(clock.instant(), this::closed));
    }

    @Override
    public void process(Record<String, byte[]> record) {
        if (record.key() == null || record.value() == null) {
            return;
        }
        windows.add(record.key(), AppContribution.minuteStart(record.value()),
                AppContribution.aggregate(record.value()), clock.instant());
    }

    private void closed(String app, StatsWindow window, Instant start, RunAggregate aggregate) {
        output.stats(aggregate.toStats(StatsScope.APP, app, window, start, clock.instant()));
    }
}
