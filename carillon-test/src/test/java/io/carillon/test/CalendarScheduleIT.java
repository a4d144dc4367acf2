package io.carillon.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.TimeWindow;
import io.carillon.worker.CarillonWorker;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A calendar applied by the real parts (the in-process broker, planner, dispatcher and a worker): a job due every
 * second fires only on the instants that fall in its {@code onlyOn} calendar, eight one-second windows two seconds
 * apart, read by the planner from the {@code calendars} topic.
 */
class CalendarScheduleIT {

    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final String APP = "calendared";
    private static final int WINDOWS = 8;

    @RegisterExtension
    static final CarillonExtension carillon = CarillonExtension.create(DEADLINE);

    @Test
    void aJobDueEverySecondRunsOnlyOnTheSecondsItsOnlyOnCalendarHolds() throws Exception {
        Set<Instant> ran = ConcurrentHashMap.newKeySet();
        Instant first =
                Clock.systemUTC().instant().truncatedTo(ChronoUnit.SECONDS).plusSeconds(15);
        List<TimeWindow> windows = new ArrayList<>();
        Set<Instant> held = ConcurrentHashMap.newKeySet();
        for (int i = 0; i < WINDOWS; i++) {
            Instant at = first.plusSeconds(2L * i);
            held.add(at);
            windows.add(new TimeWindow(
                    at.atZone(ZoneOffset.UTC).toLocalTime(),
                    at.plusSeconds(1).atZone(ZoneOffset.UTC).toLocalTime()));
        }
        Calendar odd = Calendar.named("odd-seconds", "UTC").withTimes(windows);
        JobDefinition job = JobDefinition.builder("ticker")
                .app(APP)
                .handler("tick")
                .schedule(Schedule.cron("* * * * * ?", "UTC").onlyOn(odd.id()))
                .build();
        TopicCatalog catalog = carillon.catalog();
        try (CarillonWorker worker = CarillonWorker.builder()
                        .bootstrapServers(carillon.bootstrapServers())
                        .catalog(catalog)
                        .app(APP)
                        .instanceId("calendared-1")
                        .handler("tick", context -> {
                            ran.add(context.scheduledAt());
                            return null;
                        })
                        .build();
                KafkaProducer<String, byte[]> producer = TestProducers.of(carillon)) {
            worker.start();
            producer.send(new ProducerRecord<>(
                            catalog.calendars(), odd.id(), EventSerdes.CALENDAR.serialize(null, odd)))
                    .get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            producer.send(new ProducerRecord<>(catalog.jobs(), job.id(), EventSerdes.JOB.serialize(null, job)))
                    .get(DEADLINE.toSeconds(), TimeUnit.SECONDS);

            Instant last = first.plusSeconds(2L * (WINDOWS - 1));
            await().atMost(DEADLINE)
                    .pollInterval(Duration.ofMillis(100))
                    .until(() ->
                            ran.contains(last) && Clock.systemUTC().instant().isAfter(last.plusSeconds(2)));

            assertThat(ran).as("every run is at a second the calendar holds").isSubsetOf(held);
        }
    }
}
