package io.carillon.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.HttpProbe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.web.client.RestClient;

/**
 * The README's run command, minus the fixed ports: its own broker and PostgreSQL under a data folder, and --demo;
 * ready once the planner, the dispatcher, Kafka and the migrated database are.
 */
class StandaloneLauncherIT {

    private static final ParameterizedTypeReference<List<Map<String, Object>>> LIST_OF_MAPS =
            new ParameterizedTypeReference<>() {};

    @TempDir
    Path dataDir;

    @Test
    void startsItsOwnKafkaAndPostgresAndRunsTheDemoJobs() throws IOException {
        try (Standalone standalone = Standalone.start(
                "--demo", "--carillon.standalone.data-dir=" + dataDir, "--carillon.broker.port=0", "--server.port=0")) {
            Path passwordFile = dataDir.resolve(Standalone.INITIAL_ADMIN_PASSWORD_FILE);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(passwordFile)))
                    .isEqualTo("rw-------");
            String password = Files.readString(passwordFile).strip();
            RestClient http = RestClient.builder()
                    .baseUrl("http://localhost:" + standalone.port())
                    .defaultHeaders(headers -> headers.setBasicAuth("admin", password))
                    .build();

            List<?> items = (List<?>)
                    http.get().uri("/api/v1/jobs").retrieve().body(Map.class).get("items");
            List<Object> ids = items.stream()
                    .<Object>map(item -> ((Map<?, ?>) ((Map<?, ?>) item).get("job")).get("id"))
                    .toList();
            assertThat(ids).contains("demo-echo", "demo-cron", "demo-fail");
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> http.get()
                            .uri("/api/v1/jobs/demo-daily-report")
                            .exchange((request, response) ->
                                    response.getStatusCode().value() == 200
                                            && "demo"
                                                    .equals(((Map<?, ?>) response.bodyTo(Map.class)
                                                                    .get("managedBy"))
                                                            .get("app"))));
            await().atMost(Duration.ofSeconds(30))
                    .until(() ->
                            http
                                    .get()
                                    .uri("/api/v1/jobs/demo-echo/runs?limit=10")
                                    .retrieve()
                                    .body(LIST_OF_MAPS)
                                    .stream()
                                    .anyMatch(run -> "SUCCEEDED".equals(run.get("status"))));
            assertThat(http.get().uri("/").retrieve().body(String.class)).containsIgnoringCase("<html");
            int anonymous = RestClient.create("http://localhost:" + standalone.port())
                    .get()
                    .uri("/api/v1/jobs")
                    .exchange((request, response) -> response.getStatusCode().value());
            assertThat(anonymous).isEqualTo(401);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> HttpProbe.get(standalone.port(), "/actuator/health/readiness")
                                    .statusCode()
                            == 200);
            assertThat(HttpProbe.get(standalone.port(), "/actuator/health/liveness")
                            .statusCode())
                    .isEqualTo(200);
            HealthEndpointGroups groups = standalone.context().getBean(HealthEndpointGroups.class);
            assertThat(List.of("planner", "dispatcher", "carillonKafka", "db", "carillonDatabaseMigration"))
                    .allMatch(groups.get("readiness")::isMember);
            assertThat(List.of("planner", "dispatcher")).allMatch(groups.get("liveness")::isMember);
        }
        assertThat(Files.exists(dataDir.resolve("kafka").resolve("cluster.id"))).isTrue();
        assertThat(Files.isDirectory(dataDir.resolve("postgres"))).isTrue();
    }
}
