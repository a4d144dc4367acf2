package io.carillon.planner.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;

import io.carillon.planner.Planner;
import io.carillon.testkit.TestKafka;

/** The runnable application starts a planner on the real broker, without a web server. */
class PlannerApplicationTest {

    @TempDir
    Path stateDir;

    @Test
    void runsAPlanner() {
        String id = "t" + UUID.randomUUID().toString().substring(0, 8);
        try (ConfigurableApplicationContext context = PlannerApplication.application().run(
                "--carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                "--carillon.topics.prefix=" + id + ".",
                "--carillon.topics.partitions=1",
                "--carillon.planner.application-id=planner-" + id,
                "--carillon.planner.state-dir=" + stateDir)) {
            assertThat(context.getEnvironment().getProperty("spring.main.web-application-type"))
                    .isEqualToIgnoringCase(WebApplicationType.NONE.name());
            Planner planner = context.getBean(Planner.class);
            await().atMost(Duration.ofSeconds(20)).until(planner::isRunning);
        }
    }
}
