package io.carillon.analytics.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.analytics.Analytics;
import io.carillon.testkit.HttpProbe;
import io.carillon.testkit.TestKafka;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.context.ConfigurableApplicationContext;

/** The runnable application starts the analytics app on the real broker, without a web server. */
class AnalyticsApplicationTest {

    @TempDir
    Path stateDir;

    @Test
    void runsTheAnalyticsApp() {
        String id = "t" + UUID.randomUUID().toString().substring(0, 8);
        try (ConfigurableApplicationContext context = AnalyticsApplication.application()
                .run(
                        "--carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                        "--carillon.topics.prefix=" + id + ".",
                        "--carillon.topics.partitions=1",
                        "--carillon.analytics.application-id=analytics-" + id,
                        "--carillon.analytics.state-dir=" + stateDir,
                        "--server.port=0")) {
            int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
            Analytics analytics = context.getBean(Analytics.class);
            await().atMost(Duration.ofSeconds(20)).until(analytics::isRunning);
            await().atMost(Duration.ofSeconds(30))
                    .until(() ->
                            HttpProbe.get(port, "/actuator/health/readiness").statusCode() == 200);
            assertThat(HttpProbe.get(port, "/actuator/health/liveness").statusCode())
                    .isEqualTo(200);
            assertThat(HttpProbe.get(port, "/actuator/env").statusCode())
                    .as("only health and prometheus are exposed")
                    .isEqualTo(404);
            assertThat(context.getBean(HealthEndpointGroups.class)
                            .get("readiness")
                            .isMember("analytics"))
                    .isTrue();
        }
    }
}
