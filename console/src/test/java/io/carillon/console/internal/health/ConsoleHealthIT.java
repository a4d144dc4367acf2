package io.carillon.console.internal.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.HttpProbe;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The console's probes: ready with Kafka, its topics and its migrated database; only health is exposed. */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class ConsoleHealthIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    HealthEndpointGroups groups;

    @Autowired
    ApplicationContext context;

    @Test
    void readyWithKafkaAndAMigratedDatabase() {
        await().atMost(Duration.ofSeconds(30))
                .until(() -> HttpProbe.get(port, "/actuator/health/readiness").statusCode() == 200);
        assertThat(HttpProbe.get(port, "/actuator/health/liveness").statusCode())
                .isEqualTo(200);
        assertThat(groups.get("readiness").isMember("carillonDatabaseMigration"))
                .isTrue();
        assertThat(groups.get("readiness").isMember("carillonKafka")).isTrue();
        assertThat(groups.get("readiness").isMember("db")).isTrue();
        assertThat(HttpProbe.get(port, "/actuator/env").statusCode())
                .as("needs sign-in, and is not served")
                .isEqualTo(401);
        Health migration = context.getBean("carillonDatabaseMigrationHealthIndicator", HealthIndicator.class)
                .health();
        assertThat(migration.getStatus()).isEqualTo(Status.UP);
        assertThat(migration.getDetails()).containsKey("version").doesNotContainEntry("version", "none");
    }
}
