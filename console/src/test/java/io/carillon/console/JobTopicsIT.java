package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ApiClient.Answer;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.ScheduleType;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** What the console writes to Kafka: job changes through the outbox, and run-now requests. */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class JobTopicsIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    ApiClient api;

    @BeforeEach
    void client() {
        api = new ApiClient(port);
    }

    @Test
    void publishesEveryJobChangeInOrderThroughTheOutbox() {
        api.post("/api/v1/jobs", """
                {"id": "relayed", "app": "demo", "handler": "echo", "schedule": {"type": "FIXED_RATE", "intervalMs": 1000}}""");
        api.put("/api/v1/jobs/relayed", """
                {"app": "demo", "handler": "echo", "schedule": {"type": "CRON", "cron": "0 */5 * * * ?"}}""");
        api.delete("/api/v1/jobs/relayed");

        try (TopicReader<JobDefinition> jobs =
                new TopicReader<>(environment.catalog.jobs(), EventSerdes.JOB.deserializer())) {
            await().atMost(DEADLINE)
                    .untilAsserted(
                            () -> assertThat(recordsOf(jobs.poll(), "relayed")).hasSize(3));
            List<ConsumerRecord<String, JobDefinition>> records = recordsOf(jobs.poll(), "relayed");

            assertThat(records.get(0).value().version()).isEqualTo(1);
            assertThat(records.get(0).value().schedule().type()).isEqualTo(ScheduleType.FIXED_RATE);
            assertThat(records.get(1).value().version()).isEqualTo(2);
            assertThat(records.get(1).value().schedule().cron()).isEqualTo("0 */5 * * * ?");
            assertThat(records.get(2).value()).isNull();
        }
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(jdbc.sql(
                                        "SELECT count(*) FROM job_outbox WHERE job_id = 'relayed' AND published_at IS NOT NULL")
                                .query(Long.class)
                                .single())
                        .isEqualTo(3));
        assertThat(jdbc.sql("SELECT version FROM job_outbox WHERE job_id = 'relayed' ORDER BY seq")
                        .query(Long.class)
                        .list())
                .containsExactly(1L, 2L, 3L);
    }

    @Test
    void publishesARunNowRequest() {
        api.post("/api/v1/jobs", """
                {"id": "on-demand", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}}""");

        Answer accepted = api.post("/api/v1/jobs/on-demand/run", """
                {"params": "--full"}""");

        assertThat(accepted.status()).isEqualTo(202);
        String requestId = accepted.json().get("requestId").asString();
        try (TopicReader<JobRequest> requests =
                new TopicReader<>(environment.catalog.requests(), EventSerdes.REQUEST.deserializer())) {
            await().atMost(DEADLINE)
                    .untilAsserted(() ->
                            assertThat(recordsOf(requests.poll(), "on-demand")).hasSize(1));
            ConsumerRecord<String, JobRequest> record =
                    recordsOf(requests.poll(), "on-demand").get(0);
            JobRequest request = record.value();
            assertThat(request.requestId()).isEqualTo(requestId);
            assertThat(request.type()).isEqualTo(RequestType.RUN_NOW);
            assertThat(request.jobId()).isEqualTo("on-demand");
            assertThat(request.params()).isEqualTo("--full");
            assertThat(request.requestedAt()).isNotNull();
        }
        assertThat(api.post("/api/v1/jobs/on-demand/run", "").status()).isEqualTo(202);
    }

    private static <V> List<ConsumerRecord<String, V>> recordsOf(List<ConsumerRecord<String, V>> records, String key) {
        return records.stream().filter(record -> key.equals(record.key())).toList();
    }
}
