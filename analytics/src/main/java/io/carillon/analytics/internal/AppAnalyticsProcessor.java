package io.carillon.analytics.internal;

import io.carillon.analytics.AnalyticsSettings;
import io.carillon.streams.AlignedPunctuation;
import io.carillon.topics.events.StatsScope;
import io.carillon.topics.events.StatsWindow;
import java.time.Clock;
import java.time.Instant;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * The per-app part of the analytics app, after the repartition by app ({@link AppMessage}): merges its jobs' closed
 * minutes into the app's minute and hour windows ({@link StatsWindows}, closed
 * {@link AnalyticsSettings#appWindowGrace()} after they end) and writes each closed window to {@code stats}; runs the
 * app's {@link NoWorkerRule} from its jobs' watch messages and its workers' heartbeats. A wall-clock punctuator
 * closes windows and checks for live workers. One instance per stream task, on its stream thread.
 */
public final class AppAnalyticsProcessor implements Processor<String, byte[], String, Emitted> {

    private final Clock clock;
    private final AnalyticsSettings settings;
    private Output output;
    private StatsWindows windows;
    private NoWorkerRule noWorker;

    public AppAnalyticsProcessor(Clock clock, AnalyticsSettings settings) {
        this.clock = clock;
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, Emitted> context) {
        output = new Output(context, clock);
        windows = new StatsWindows(
                context.getStateStore(AnalyticsStores.APP_MINUTES),
                context.getStateStore(AnalyticsStores.APP_HOURS),
                settings.appWindowGrace());
        noWorker = new NoWorkerRule(
                context.getStateStore(AnalyticsStores.APP_WATCHERS),
                context.getStateStore(AnalyticsStores.APP_WORKERS),
                output::incident);
        AlignedPunctuation.schedule(context, clock.instant(), settings.punctuateInterval(), timestamp -> punctuate());
    }

    @Override
    public void process(Record<String, byte[]> record) {
        String app = record.key();
        Instant now = clock.instant();
        AppMessage message = AppMessage.decode(record.value());
        if (message instanceof AppMessage.Minute minute) {
            windows.add(app, minute.start(), minute.aggregate(), now);
        } else if (message instanceof AppMessage.Job job) {
            noWorker.onJob(app, job, now);
        } else if (message instanceof AppMessage.Heartbeat heartbeat) {
            noWorker.onHeartbeat(app, heartbeat);
        }
    }

    private void punctuate() {
        Instant now = clock.instant();
        windows.closeDue(now, this::closed);
        noWorker.check(now);
    }

    private void closed(String app, StatsWindow window, Instant start, RunAggregate aggregate) {
        output.stats(aggregate.toStats(StatsScope.APP, app, window, start, clock.instant()));
    }
}
