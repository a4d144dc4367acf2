package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.JobDefinition;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * "Create, then run now" must not race: the run-now request reaches Kafka only after the job it names, even when
 * the outbox relay would not have polled yet (here it polls once an hour and is not woken by changes).
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class RunNowOrderingIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
        registry.add("carillon.console.outbox.poll-interval", () -> "1h");
        registry.add("carillon.console.outbox.wake-on-change", () -> "false");
    }

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Test
    void aJobCreatedAMomentAgoIsPublishedBeforeItsRunNowRequest() {
        ApiClient api = new ApiClient(port);
        assertThat(api.post("/api/v1/jobs", """
                {"id": "fresh", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}}""").status()).isEqualTo(201);
        assertThat(unpublished()).isEqualTo(1);

        assertThat(api.post("/api/v1/jobs/fresh/run", "").status()).isEqualTo(202);

        assertThat(unpublished()).isZero();
        try (TopicReader<JobDefinition> jobs =
                new TopicReader<>(environment.catalog.jobs(), EventSerdes.JOB.deserializer())) {
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> jobs.values().stream()
                            .anyMatch(job -> job != null && job.id().equals("fresh")));
        }
    }

    private long unpublished() {
        return jdbc.sql("SELECT count(*) FROM job_outbox WHERE job_id = 'fresh' AND published_at IS NULL")
                .query(Long.class)
                .single();
    }
}
