package io.carillon.dispatcher.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;

import io.carillon.dispatcher.Dispatcher;
import io.carillon.testkit.TestKafka;

class DispatcherApplicationTest {

    @Test
    void runsADispatcherWithoutAWebServer() {
        Dispatcher dispatcher;
        try (ConfigurableApplicationContext context = DispatcherApplication.application()
                .properties(
                        "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                        "carillon.topics.prefix=a" + UUID.randomUUID().toString().substring(0, 8) + ".",
                        "carillon.topics.partitions=1",
                        "spring.main.keep-alive=false")
                .run()) {
            dispatcher = context.getBean(Dispatcher.class);
            assertThat(dispatcher.isRunning()).isTrue();
            assertThat(context.getEnvironment().getProperty("spring.main.web-application-type"))
                    .isEqualToIgnoringCase(WebApplicationType.NONE.name());
        }
        assertThat(dispatcher.isRunning()).isFalse();
    }
}
