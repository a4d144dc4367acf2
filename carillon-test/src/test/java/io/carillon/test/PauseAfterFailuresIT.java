package io.carillon.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.test.internal.TopicTail;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import io.carillon.worker.CarillonWorker;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code pauseAfterFailures} on the real parts (the in-process broker, planner, dispatcher and a worker): a job due
 * every second whose handler always throws is paused by the planner after its third consecutive failure, which
 * opens a PAUSED incident on {@code alerts} naming the third run, and the job fires no more (beyond the fires
 * already handed to the worker when the pause was decided).
 */
class PauseAfterFailuresIT {

    private static final Duration DEADLINE = Duration.ofSeconds(45);
    private static final Duration POLL = Duration.ofMillis(100);
    private static final Duration STAYS_PAUSED = Duration.ofSeconds(4);
    private static final String APP = "guarded";
    private static final int LIMIT = 3;
    /**
     * The fires already handed to the worker when the pause is decided may still start: a fire reaches its worker the
     * trigger lead (1.5 s) before it is due, so at one fire a second at most two are on their way.
     */
    private static final int FIRES_ALREADY_HANDED = 2;

    @RegisterExtension
    static final CarillonExtension carillon = CarillonExtension.create(DEADLINE);

    @Test
    void aJobThatFailsThreeTimesInARowIsPausedWithAnIncidentAndFiresNoMore() throws Exception {
        List<String> started = new CopyOnWriteArrayList<>();
        AtomicReference<Incident> paused = new AtomicReference<>();
        JobDefinition job = JobDefinition.builder("flaky-import")
                .app(APP)
                .handler("import")
                .schedule(Schedule.cron("* * * * * ?", "UTC"))
                .pauseAfterFailures(LIMIT)
                .build();
        TopicCatalog catalog = carillon.catalog();
        try (CarillonWorker worker = CarillonWorker.builder()
                        .bootstrapServers(carillon.bootstrapServers())
                        .catalog(catalog)
                        .app(APP)
                        .instanceId("guarded-1")
                        .handler("import", context -> {
                            started.add(context.runId());
                            throw new IllegalStateException("the warehouse refuses the import");
                        })
                        .handler("probe", context -> null)
                        .build();
                KafkaProducer<String, byte[]> producer = TestProducers.of(carillon);
                TopicTail<Incident> alerts = new TopicTail<>(
                        carillon.bootstrapServers(), catalog.alerts(), EventSerdes.INCIDENT.deserializer())) {
            worker.start();
            assertThat(carillon.run(JobDefinition.builder("probe")
                                    .app(APP)
                                    .handler("probe")
                                    .build())
                            .status())
                    .as("the worker takes runs")
                    .isEqualTo(RunStatus.SUCCEEDED);
            producer.send(new ProducerRecord<>(catalog.jobs(), job.id(), EventSerdes.JOB.serialize(null, job)))
                    .get(DEADLINE.toSeconds(), TimeUnit.SECONDS);

            await().atMost(DEADLINE).pollInterval(POLL).until(() -> {
                alerts.poll(Duration.ZERO).stream()
                        .filter(incident -> job.id().equals(incident.jobId()))
                        .forEach(paused::set);
                return paused.get() != null;
            });

            assertThat(paused.get()).satisfies(incident -> {
                assertThat(incident.rule()).isEqualTo(IncidentRule.PAUSED);
                assertThat(incident.action()).isEqualTo(IncidentAction.OPENED);
                assertThat(incident.app()).isEqualTo(APP);
                assertThat(incident.count()).isEqualTo(LIMIT);
                assertThat(started).as("the runs started").hasSizeGreaterThanOrEqualTo(LIMIT);
                assertThat(incident.message())
                        .isEqualTo("paused after 3 consecutive failures; the last, run " + started.get(LIMIT - 1)
                                + ", ended FAILED");
            });
            AtomicInteger lastSeen = new AtomicInteger(-1);
            await("the paused job fires no more")
                    .during(STAYS_PAUSED)
                    .atMost(STAYS_PAUSED.multipliedBy(3))
                    .pollInterval(POLL)
                    .until(() -> lastSeen.getAndSet(started.size()) == started.size());
            assertThat(started)
                    .as("the runs started: the three failures and at most the fires already on their way")
                    .hasSizeBetween(LIMIT, LIMIT + FIRES_ALREADY_HANDED);

            producer.send(new ProducerRecord<>(catalog.jobs(), job.id(), null))
                    .get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
        }
    }
}
