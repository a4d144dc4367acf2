package io.carillon.worker.internal;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.apache.kafka.clients.admin.Admin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.carillon.topics.TopicInitializer;

/**
 * The running parts of a started worker and the order in which they start and stop. Created by
 * {@link io.carillon.worker.CarillonWorker#start()}; {@link #close()} is called once.
 */
public final class WorkerEngine {

    private static final Logger log = LoggerFactory.getLogger(WorkerEngine.class);
    /** How long closing waits for the consumer to commit and leave the group, and for the producer to flush. */
    private static final Duration CLIENT_CLOSE_TIMEOUT = Duration.ofSeconds(15);

    private final WorkerSettings settings;
    private final ScheduledExecutorService timer;
    private final EventPublisher publisher;
    private final RunExecutor runs;
    private final Heartbeats heartbeats;
    private final TriggerLoop loop;
    private final Thread loopThread;

    private WorkerEngine(WorkerSettings settings) {
        this.settings = settings;
        this.timer = Executors.newSingleThreadScheduledExecutor(new WorkerThreads(settings.app(), "timer"));
        this.publisher = new EventPublisher(KafkaClients.producer(settings), settings.catalog());
        RunReporter reporter = new RunReporter(publisher, settings.instanceId(), settings.clock());
        this.runs = new RunExecutor(settings, reporter, publisher, timer);
        this.heartbeats = new Heartbeats(settings, publisher, runs::runningCount);
        TriggerIntake intake = new TriggerIntake(runs, publisher, settings.clock());
        this.loop = new TriggerLoop(KafkaClients.triggerConsumer(settings), settings.triggerTopic(), intake, runs,
                heartbeats);
        this.loopThread = new WorkerThreads(settings.app(), "triggers").newThread(loop);
        loopThread.setUncaughtExceptionHandler((thread, error) -> {
            log.error("the trigger consumer of worker {} stopped; this instance takes no more triggers",
                    settings.instanceId(), error);
            heartbeats.tombstone();
        });
    }

    /** Ensures the trigger topic exists, then starts heartbeats and the trigger loop. */
    public static WorkerEngine start(WorkerSettings settings) {
        try (Admin admin = KafkaClients.admin(settings)) {
            new TopicInitializer(admin).ensure(List.of(settings.catalog().triggerTopic(settings.app())));
        }
        WorkerEngine engine = new WorkerEngine(settings);
        engine.heartbeats.start(engine.timer);
        engine.loopThread.start();
        log.info("worker {} of app {} started with handlers {} and capacity {}", settings.instanceId(),
                settings.app(), settings.handlers().keySet(), settings.capacity());
        return engine;
    }

    /**
     * Stops taking triggers, lets runs finish within the shutdown grace and kills the rest, publishes the heartbeat
     * tombstone, then commits and leaves the group.
     */
    public void close() {
        log.info("worker {} of app {} shutting down", settings.instanceId(), settings.app());
        loop.drain();
        runs.shutdown(settings.shutdownGrace());
        heartbeats.tombstone();
        timer.shutdownNow();
        loop.stop();
        try {
            loopThread.join(CLIENT_CLOSE_TIMEOUT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        publisher.close(CLIENT_CLOSE_TIMEOUT);
        log.info("worker {} of app {} stopped", settings.instanceId(), settings.app());
    }
}
