package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.ControlCommand;
import io.carillon.topics.events.ControlType;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Retry and kill of one run through the API: the record each produces, and the refusals that name the reason. */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class RunActionsIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Instant SCHEDULED = Instant.parse("2026-05-01T12:00:00Z");

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    ApiClient api;
    Producer<String, byte[]> producer;

    @BeforeEach
    void clients() {
        api = new ApiClient(port);
        producer = ConsoleTestEnvironment.producer();
    }

    @AfterEach
    void closeProducer() {
        producer.close();
    }

    @Test
    void retriesARunThatFailedWithItsOwnOrNewParams() {
        RunResult failed = stored("billing", RunStatus.FAILED);

        ApiClient.Answer answer = api.post(path(failed, "retry"), """
                {"params": "{\\"dryRun\\": true}"}""");

        assertThat(answer.status()).isEqualTo(202);
        String requestId = answer.json().get("requestId").asString();
        assertThat(answer.json().get("runId").asString())
                .as("the new attempt is a fire of its own")
                .isEqualTo(FireIds.runId(requestId, failed.shardIndex()));
        try (TopicReader<JobRequest> requests =
                new TopicReader<>(environment.catalog.requests(), EventSerdes.REQUEST.deserializer())) {
            await().atMost(DEADLINE).until(() -> !requests.values().isEmpty());
            JobRequest request = requests.values().get(0);
            assertThat(request.requestId()).isEqualTo(requestId);
            assertThat(request.type()).isEqualTo(RequestType.RETRY);
            assertThat(request.jobId()).isEqualTo("billing");
            assertThat(request.parentRunId()).isEqualTo(failed.runId());
            assertThat(request.params()).isEqualTo("{\"dryRun\": true}");
            assertThat(request.requestedBy()).isEqualTo("admin");
        }
    }

    @Test
    void refusesToRetryARunThatSucceededOrDoesNotExist() {
        RunResult succeeded = stored("sync", RunStatus.SUCCEEDED);

        ApiClient.Answer conflict = api.post(path(succeeded, "retry"), "");
        ApiClient.Answer missing = api.post("/api/v1/runs/nobody@1%230/retry", "");

        assertThat(conflict.status()).isEqualTo(409);
        assertThat(conflict.json().get("error").asString())
                .contains("is SUCCEEDED")
                .contains("can be retried");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.json().get("error").asString()).contains("run 'nobody@1#0' does not exist");
    }

    @Test
    void killsARunningRunAndRefusesAnEndedOne() {
        RunResult running = stored("index-build", RunStatus.STARTED);
        RunResult ended = stored("report", RunStatus.FAILED);

        ApiClient.Answer killed = api.post(path(running, "kill"), "");
        ApiClient.Answer refused = api.post(path(ended, "kill"), "");

        assertThat(killed.status()).isEqualTo(202);
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().get("error").asString()).contains("already ended FAILED");
        try (TopicReader<ControlCommand> control =
                new TopicReader<>(environment.catalog.control(), EventSerdes.CONTROL.deserializer())) {
            await().atMost(DEADLINE).until(() -> !control.values().isEmpty());
            List<ControlCommand> commands = control.values();
            assertThat(commands).singleElement().satisfies(command -> {
                assertThat(command.commandId())
                        .isEqualTo(killed.json().get("commandId").asString());
                assertThat(command.type()).isEqualTo(ControlType.KILL);
                assertThat(command.runId()).isEqualTo(running.runId());
                assertThat(command.jobId()).isEqualTo("index-build");
                assertThat(command.app()).isEqualTo("demo");
                assertThat(command.instance()).isEqualTo("worker-1");
            });
        }
    }

    /** The path of {@code action} on the run, its id URL-encoded ('#' would start a fragment). */
    private static String path(RunResult run, String action) {
        return "/api/v1/runs/" + URLEncoder.encode(run.runId(), StandardCharsets.UTF_8) + "/" + action;
    }

    /** Publishes a result of status {@code status} for a run of {@code jobId} and waits until the console has it. */
    private RunResult stored(String jobId, RunStatus status) {
        String fireId = FireIds.scheduled(jobId, SCHEDULED);
        Instant startedAt = SCHEDULED.plusMillis(5);
        Instant finishedAt = status.isTerminal() ? SCHEDULED.plusSeconds(1) : null;
        RunResult result = new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(fireId, 0),
                fireId,
                jobId,
                "demo",
                "echo",
                "worker-1",
                status,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                SCHEDULED,
                startedAt,
                finishedAt,
                null,
                null,
                null,
                startedAt);
        producer.send(new ProducerRecord<>(
                environment.catalog.results(),
                jobId,
                EventSerdes.RESULT.serialize(environment.catalog.results(), result)));
        producer.flush();
        await().atMost(DEADLINE)
                .until(() -> api.get("/api/v1/jobs/" + jobId + "/runs").status() == 200);
        return result;
    }
}
