package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.Browser;
import io.carillon.testkit.TestKafka;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.LogLine;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Clock;
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
 * A user in a real Chromium follows a run: finds it on the Runs page by its status (the filter kept in the URL),
 * opens it, and sees its log lines appear while it runs, without reloading, until it ends; the Workers page shows
 * the instance that runs it. Results, log lines and heartbeats are the records a worker writes, produced here.
 * The runs list, left open, shows new runs on top and redraws a run whose status changes.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class RunPagesBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final String JOB = "nightly-export";
    private static final String INSTANCE = "export-worker-1";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    private final Clock clock = Clock.systemUTC();

    @Test
    void followsARunsLogLiveFromTheRunsPage() throws Exception {
        Instant scheduled = clock.instant().minusSeconds(5);
        String fireId = FireIds.scheduled(JOB, scheduled);
        String runId = FireIds.runId(fireId, 0);
        try (KafkaProducer<String, byte[]> producer = producer();
                Browser browser = Browser.start()) {
            try {
                producer.send(heartbeat()).get();
                producer.send(result(runId, fireId, scheduled, RunStatus.STARTED))
                        .get();

                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                browser.driver.get("http://localhost:" + port + "/#/runs?status=STARTED");
                browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("run-list"), JOB));
                browser.driver.findElement(By.linkText(runId)).click();
                browser.wait.until(ExpectedConditions.textToBe(By.id("run-status"), "STARTED"));
                browser.wait.until(ExpectedConditions.textToBe(By.id("run-log-state"), "live"));

                producer.send(line(runId, 1, "exporting 3 tables")).get();
                browser.wait.until(
                        ExpectedConditions.textToBePresentInElementLocated(By.id("run-log"), "exporting 3 tables"));
                producer.send(line(runId, 2, "table 1 of 3 written")).get();
                browser.wait.until(
                        ExpectedConditions.textToBePresentInElementLocated(By.id("run-log"), "table 1 of 3 written"));
                producer.send(line(runId, 3, "done")).get();
                producer.send(result(runId, fireId, scheduled, RunStatus.SUCCEEDED))
                        .get();
                browser.wait.until(ExpectedConditions.textToBe(By.id("run-log-state"), "complete"));
                browser.wait.until(ExpectedConditions.textToBe(By.id("run-status"), "SUCCEEDED"));
                assertThat(browser.driver.findElements(By.cssSelector("#run-log .log-line")))
                        .hasSize(3);
                browser.screenshot("RunPagesBrowserIT-run");

                browser.driver
                        .findElement(By.cssSelector("nav a[data-nav=workers]"))
                        .click();
                browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("worker-list"), INSTANCE));
                assertThat(browser.driver.findElement(By.id("worker-list")).getText())
                        .contains("in step");
                assertThat(browser.driver.findElement(By.id("app-list")).getText())
                        .contains("export");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("RunPagesBrowserIT");
                throw e;
            }
        }
    }

    @Test
    void theRunsListShowsNewRunsAndChangesWithoutAReload() throws Exception {
        Instant first = clock.instant().minusSeconds(20);
        Instant second = clock.instant().minusSeconds(10);
        String firstRun = FireIds.runId(FireIds.scheduled(JOB, first), 0);
        String secondRun = FireIds.runId(FireIds.scheduled(JOB, second), 0);
        try (KafkaProducer<String, byte[]> producer = producer();
                Browser browser = Browser.start()) {
            try {
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                browser.driver.get("http://localhost:" + port + "/#/runs?job=" + JOB);
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("run-list")));
                browser.driver.executeScript("window.carillonNotReloaded = true;");

                producer.send(result(firstRun, FireIds.scheduled(JOB, first), first, RunStatus.STARTED))
                        .get();
                By firstStatus = By.cssSelector("#run-list tr[data-run='" + firstRun + "'] td.status");
                browser.wait.until(ExpectedConditions.textToBe(firstStatus, "STARTED"));
                producer.send(result(firstRun, FireIds.scheduled(JOB, first), first, RunStatus.SUCCEEDED))
                        .get();
                browser.wait.until(ExpectedConditions.textToBe(firstStatus, "SUCCEEDED"));
                producer.send(result(secondRun, FireIds.scheduled(JOB, second), second, RunStatus.STARTED))
                        .get();
                browser.wait.until(ExpectedConditions.attributeToBe(
                        By.cssSelector("#run-list tbody tr:first-child"), "data-run", secondRun));
                browser.wait.until(ExpectedConditions.textToBe(firstStatus, "SUCCEEDED"));
                assertThat(browser.driver.executeScript("return window.carillonNotReloaded === true;"))
                        .as("the page was not reloaded")
                        .isEqualTo(true);
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("RunPagesBrowserIT-live");
                throw e;
            }
        }
    }

    private ProducerRecord<String, byte[]> heartbeat() {
        String topic = environment.catalog.workers();
        Instant now = clock.instant();
        WorkerHeartbeat beat = new WorkerHeartbeat(
                WorkerHeartbeat.SCHEMA_VERSION,
                INSTANCE,
                "export",
                List.of("export"),
                4,
                1,
                List.of(0),
                60_000,
                now.minusSeconds(30),
                now);
        return new ProducerRecord<>(topic, INSTANCE, EventSerdes.HEARTBEAT.serialize(topic, beat));
    }

    private ProducerRecord<String, byte[]> result(String runId, String fireId, Instant scheduled, RunStatus status) {
        String topic = environment.catalog.results();
        Instant finished = status.isTerminal() ? clock.instant() : null;
        RunResult result = new RunResult(
                RunResult.SCHEMA_VERSION,
                runId,
                fireId,
                JOB,
                "export",
                "export",
                INSTANCE,
                status,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                scheduled,
                scheduled.plusMillis(4),
                finished,
                status.isTerminal() ? "exported" : null,
                null,
                null,
                clock.instant());
        return new ProducerRecord<>(topic, JOB, EventSerdes.RESULT.serialize(topic, result));
    }

    private ProducerRecord<String, byte[]> line(String runId, long seq, String message) {
        String topic = environment.catalog.logs();
        LogLine line = new LogLine(LogLine.SCHEMA_VERSION, runId, JOB, INSTANCE, seq, clock.instant(), "INFO", message);
        return new ProducerRecord<>(topic, runId, EventSerdes.LOG.serialize(topic, line));
    }

    private static KafkaProducer<String, byte[]> producer() {
        return new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestKafka.bootstrapServers()),
                new StringSerializer(),
                new ByteArraySerializer());
    }
}
