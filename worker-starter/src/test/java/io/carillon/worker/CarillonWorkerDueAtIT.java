package io.carillon.worker;

import static io.carillon.worker.TestTriggers.endedWithoutStarted;
import static io.carillon.worker.TestTriggers.statuses;
import static io.carillon.worker.TestTriggers.terminal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** A trigger that arrives before its {@code dueAt} (as the dispatcher's trigger lead sends it) starts at dueAt. */
class CarillonWorkerDueAtIT {

    private static final Duration DEADLINE = Duration.ofSeconds(20);
    private static final Duration AHEAD = Duration.ofMillis(1500);
    private static final String APP = "due";

    private final Clock clock = Clock.systemUTC();
    private final Map<String, Instant> handlerStarts = new ConcurrentHashMap<>();

    @Test
    void anEarlyTriggerStartsAtItsDueInstantNotBefore() {
        TopicCatalog catalog = TestKafka.newCatalog(1);
        try (CarillonWorker worker = CarillonWorker.builder()
                        .bootstrapServers(TestKafka.bootstrapServers())
                        .catalog(catalog)
                        .clock(clock)
                        .app(APP)
                        .instanceId("due-1")
                        .capacity(2)
                        .heartbeatInterval(Duration.ofMillis(200))
                        .handler("stamp", context -> handlerStarts.put(context.runId(), clock.instant()))
                        .build();
                TestTriggers triggers = new TestTriggers();
                TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            worker.start();
            Instant sent = clock.instant();
            Instant dueAt = sent.plus(AHEAD);
            Trigger early = new Trigger(
                    Trigger.SCHEMA_VERSION,
                    "early@1#0",
                    "early@1",
                    "early",
                    APP,
                    "stamp",
                    null,
                    FireKind.SCHEDULED,
                    1,
                    dueAt,
                    sent,
                    0,
                    1,
                    BlockStrategy.SERIAL,
                    0,
                    "due-1",
                    null,
                    dueAt);

            triggers.send(catalog.trigger(APP), early);

            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(endedWithoutStarted(statuses(results.values(), early.runId())))
                            .containsExactly(RunStatus.SUCCEEDED));
            assertThat(handlerStarts.get(early.runId())).isAfterOrEqualTo(dueAt);
            assertThat(terminal(results.values(), early.runId()).startedAt()).isAfterOrEqualTo(dueAt);
        }
    }
}
