package io.carillon.worker.internal;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.TopicInitializer;
import io.carillon.topics.TopicSpec;
import io.carillon.topics.events.AppDeclarations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.kafka.clients.admin.Admin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running parts of a started worker and the order in which they start and stop. Created by
 * {@link io.carillon.worker.CarillonWorker#start()}; {@link #close()} is called once.
 */
public final class WorkerEngine {

    private static final Logger log = LoggerFactory.getLogger(WorkerEngine.class);
    /** How long closing waits for the consumer to commit and leave the group, and for the producer to flush. */
    private static final Duration CLIENT_CLOSE_TIMEOUT = Duration.ofSeconds(15);
    /** How long the start waits for the broker to take the app's declared jobs. */
    private static final Duration DECLARATIONS_TIMEOUT = Duration.ofSeconds(30);

    private final WorkerSettings settings;
    private final ScheduledExecutorService timer;
    private final EventPublisher publisher;
    private final RunExecutor runs;
    private final Heartbeats heartbeats;
    private final TriggerLoop loop;
    private final Thread loopThread;
    private final ControlLoop control;
    private final Thread controlThread;

    private WorkerEngine(WorkerSettings settings) {
        this.settings = settings;
        this.timer = Executors.newSingleThreadScheduledExecutor(new WorkerThreads(settings.app(), "timer"));
        this.publisher = new EventPublisher(
                KafkaClients.producer(settings),
                KafkaClients.logProducer(settings),
                settings.catalog(),
                new WorkerThreads(settings.app(), "results"));
        RunReporter reporter =
                new RunReporter(publisher, settings.instanceId(), settings.clock(), settings.runListener());
        this.runs = new RunExecutor(settings, reporter, publisher, timer);
        this.heartbeats = new Heartbeats(settings, publisher, runs);
        RememberedKills remembered = new RememberedKills(settings.clock());
        TriggerIntake intake =
                new TriggerIntake(runs, publisher, settings.clock(), settings.instanceId(), reporter, remembered);
        this.loop = new TriggerLoop(
                KafkaClients.triggerConsumer(settings),
                settings.triggerTopic(),
                intake,
                runs,
                reporter,
                publisher,
                heartbeats,
                settings.clock(),
                settings.maxEarlyRuns());
        this.loopThread = new WorkerThreads(settings.app(), "triggers").newThread(loop);
        loopThread.setUncaughtExceptionHandler((thread, error) -> {
            log.error(
                    "the trigger consumer of worker {} stopped; this instance takes no more triggers",
                    settings.instanceId(),
                    error);
            heartbeats.tombstone();
        });
        this.control = new ControlLoop(
                KafkaClients.controlConsumer(settings),
                settings.catalog().control(),
                new ControlIntake(
                        runs, publisher, settings.clock(), settings.app(), settings.instanceId(), remembered));
        this.controlThread = new WorkerThreads(settings.app(), "control").newThread(control);
        controlThread.setUncaughtExceptionHandler((thread, error) -> log.error(
                "the control consumer of worker {} stopped; this instance obeys no more kill requests",
                settings.instanceId(),
                error));
    }

    /**
     * Ensures the trigger, control and claims topics exist, positions the control consumer at the end of {@code control}
     * (a kill written after this returns is obeyed), then starts heartbeats and both loops.
     */
    public static WorkerEngine start(WorkerSettings settings) {
        return start(settings, null);
    }

    /**
     * As {@link #start(WorkerSettings)}, after writing {@code declarations} (unless null) to the
     * {@code declarations} topic, which it ensures too.
     *
     * @throws org.apache.kafka.common.KafkaException when the declarations were not written in time
     */
    public static WorkerEngine start(WorkerSettings settings, AppDeclarations declarations) {
        List<TopicSpec> topics = new ArrayList<>(List.of(
                settings.catalog().triggerTopic(settings.app()),
                coreTopic(settings.catalog(), settings.catalog().control()),
                coreTopic(settings.catalog(), settings.catalog().claims())));
        if (declarations != null) {
            topics.add(coreTopic(settings.catalog(), settings.catalog().declarations()));
        }
        try (Admin admin = KafkaClients.admin(settings)) {
            new TopicInitializer(admin).ensure(topics);
        }
        WorkerEngine engine = new WorkerEngine(settings);
        if (declarations != null) {
            try {
                engine.publisher.declarationsNow(declarations, DECLARATIONS_TIMEOUT);
            } catch (RuntimeException e) {
                engine.publisher.close(Duration.ZERO);
                throw e;
            }
            log.info(
                    "worker {} declared {} jobs of app {} version {}",
                    settings.instanceId(),
                    declarations.jobs().size(),
                    settings.app(),
                    declarations.appVersion());
        }
        engine.control.positionAtEnd();
        engine.controlThread.start();
        engine.heartbeats.start(engine.timer);
        engine.loopThread.start();
        log.info(
                "worker {} of app {} started with handlers {} and capacity {}",
                settings.instanceId(),
                settings.app(),
                settings.handlers().keySet(),
                settings.capacity());
        return engine;
    }

    private static TopicSpec coreTopic(TopicCatalog catalog, String name) {
        return catalog.coreTopics().stream()
                .filter(spec -> spec.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("the topic catalog lists no topic " + name));
    }

    /**
     * Stops taking triggers, lets runs finish within the shutdown grace (kill requests are still obeyed meanwhile)
     * and kills the rest, publishes the heartbeat tombstone, then commits and leaves the group.
     */
    public void close() {
        log.info(
                "worker {} of app {} shutting down: {} running and {} waiting runs get up to {} ms to finish",
                settings.instanceId(),
                settings.app(),
                runs.runningCount(),
                runs.waitingCount(),
                settings.shutdownGrace().toMillis());
        loop.drain();
        runs.shutdown(settings.shutdownGrace());
        control.stop();
        heartbeats.tombstone();
        timer.shutdownNow();
        loop.stop();
        join(loopThread);
        join(controlThread);
        publisher.close(CLIENT_CLOSE_TIMEOUT);
        log.info(
                "worker {} of app {} stopped: it left its group and published its heartbeat tombstone",
                settings.instanceId(),
                settings.app());
    }

    private static void join(Thread thread) {
        try {
            thread.join(CLIENT_CLOSE_TIMEOUT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
