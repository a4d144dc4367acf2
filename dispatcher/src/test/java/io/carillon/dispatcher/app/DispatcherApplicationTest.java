package io.carillon.dispatcher.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.dispatcher.Dispatcher;
import io.carillon.testkit.HttpProbe;
import io.carillon.testkit.TestKafka;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.context.ConfigurableApplicationContext;

class DispatcherApplicationTest {

    @Test
    void runsADispatcherWithItsHealthProbes() {
        Dispatcher dispatcher;
        try (ConfigurableApplicationContext context = DispatcherApplication.application()
                .properties(
                        "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                        "carillon.topics.prefix=a"
                                + UUID.randomUUID().toString().substring(0, 8) + ".",
                        "carillon.topics.partitions=1",
                        "spring.main.keep-alive=false",
                        "server.port=0")
                .run()) {
            dispatcher = context.getBean(Dispatcher.class);
            assertThat(dispatcher.isRunning()).isTrue();
            int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
            await().atMost(Duration.ofSeconds(30))
                    .until(() ->
                            HttpProbe.get(port, "/actuator/health/readiness").statusCode() == 200);
            assertThat(HttpProbe.get(port, "/actuator/health/liveness").statusCode())
                    .isEqualTo(200);
            assertThat(context.getBean(HealthEndpointGroups.class)
                            .get("liveness")
                            .isMember("dispatcher"))
                    .isTrue();
            assertThat(context.getBean(HealthEndpointGroups.class)
                            .get("readiness")
                            .isMember("carillonKafka"))
                    .isTrue();
        }
        assertThat(dispatcher.isRunning()).isFalse();
    }
}
