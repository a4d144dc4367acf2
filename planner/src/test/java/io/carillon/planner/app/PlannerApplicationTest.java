package io.carillon.planner.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.planner.Planner;
import io.carillon.testkit.HttpProbe;
import io.carillon.testkit.TestKafka;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The runnable application starts a planner on the real broker, with a web server for its health probes only:
 * ready once its Streams application is RUNNING.
 */
class PlannerApplicationTest {

    @TempDir
    Path stateDir;

    @Test
    void runsAPlanner() {
        String id = "t" + UUID.randomUUID().toString().substring(0, 8);
        try (ConfigurableApplicationContext context = PlannerApplication.application()
                .run(
                        "--carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                        "--carillon.topics.prefix=" + id + ".",
                        "--carillon.topics.partitions=1",
                        "--carillon.planner.application-id=planner-" + id,
                        "--carillon.planner.state-dir=" + stateDir,
                        "--server.port=0")) {
            int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
            Planner planner = context.getBean(Planner.class);
            await().atMost(Duration.ofSeconds(20)).until(planner::isRunning);
            await().atMost(Duration.ofSeconds(30))
                    .until(() ->
                            HttpProbe.get(port, "/actuator/health/readiness").statusCode() == 200);
            assertThat(planner.state()).isEqualTo(KafkaStreams.State.RUNNING);
            assertThat(HttpProbe.get(port, "/actuator/health/liveness").statusCode())
                    .isEqualTo(200);
            assertThat(HttpProbe.get(port, "/actuator/health/readiness").body()).contains("\"status\":\"UP\"");
            assertThat(HttpProbe.get(port, "/actuator/env").statusCode())
                    .as("only health and prometheus are exposed")
                    .isEqualTo(404);
            assertThat(context.getBean(HealthEndpointGroups.class)
                            .get("readiness")
                            .isMember("planner"))
                    .isTrue();
            assertThat(context.getBean(HealthEndpointGroups.class)
                            .get("readiness")
                            .isMember("carillonKafka"))
                    .isTrue();
        }
    }
}
