package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.Browser;
import io.carillon.testkit.TestKafka;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.AppDeclarations;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The Jobs page in a real Chromium marks the jobs an app declares in code with a "code" badge naming the app and
 * version, and the one its newest version no longer declares as orphaned.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class DeclaredJobsBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Test
    void theJobsPageShowsCodeAndOrphanedBadges() throws Exception {
        try (Browser browser = Browser.start()) {
            try {
                declare("1.0", "shop-sync", "shop-prices");
                declare("1.1", "shop-sync");
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                browser.driver
                        .findElement(By.cssSelector("nav a[data-nav=jobs]"))
                        .click();

                browser.wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#jobs .badge-orphaned"), 1));
                // one script call reads the table at one instant: the page re-renders its rows every 3 s
                List<?> seen = (List<?>) browser.driver.executeScript("""
                        const orphaned = document.querySelector('#jobs .badge-orphaned').closest('tr');
                        return [Array.from(document.querySelectorAll('#jobs .badge-code'), b => b.textContent),
                            orphaned.cells[1].textContent, orphaned.querySelector('.badge-code').title];""");
                assertThat(seen.get(0)).isEqualTo(List.of("code", "code"));
                assertThat(seen.get(1)).isEqualTo("shop-pricescodeorphaneddisabled");
                assertThat((String) seen.get(2)).contains("managed by app shop version 1.0");

                browser.driver.get("http://localhost:" + port + "/#/job?id=shop-sync");
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(
                        By.cssSelector("#job-actions [data-action=detach]")));
                assertThat(browser.driver.findElements(By.cssSelector("#job-actions [data-action=edit]")))
                        .isEmpty();
                assertThat(browser.driver.findElements(By.cssSelector("#job-actions [data-action=delete]")))
                        .isEmpty();
                assertThat(browser.driver.findElement(By.id("job-facts")).getText())
                        .contains("app shop version 1.1 (declared in its code)");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("DeclaredJobsBrowserIT");
                throw e;
            }
        }
    }

    private static void declare(String version, String... ids) {
        List<JobDefinition> jobs = java.util.Arrays.stream(ids)
                .map(id -> JobDefinition.builder(id)
                        .app("shop")
                        .handler("sync")
                        .schedule(Schedule.none())
                        .build())
                .toList();
        AppDeclarations declarations = new AppDeclarations(
                AppDeclarations.SCHEMA_VERSION,
                "shop",
                version,
                "shop-1",
                Instant.parse("2026-05-01T12:00:00Z"),
                jobs,
                List.of(),
                List.of(),
                List.of());
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestKafka.bootstrapServers()),
                new StringSerializer(),
                new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(
                    environment.catalog.declarations(),
                    "shop",
                    EventSerdes.DECLARATIONS.serialize(null, declarations)));
        }
    }
}
