package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.console.LimitResults;
import io.carillon.testkit.Browser;
import io.carillon.topics.events.RunResult;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.producer.Producer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A user in a real Chromium looks at a concurrency limit: the Workers page's section shows the limit, its counts, the
 * run that holds it and the two that wait, in the order they asked; a waiting run's page names the limit it waits for
 * and links back to the limit's section; the runs list shows WAITING. In English, then in Chinese. The results are
 * those the limiter and a worker write, produced to the results topic and materialized by the console.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class LimitsBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final String LIMIT = "warehouse-db";
    private static final int OK = 200;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    private final Clock clock = Clock.systemUTC();

    @Test
    void showsTheHoldersAndTheQueueOfALimitAndTheLimitOfAWaitingRun() throws Exception {
        Instant scheduled = clock.instant().minusSeconds(60);
        String holder = LimitResults.runId("import-orders", scheduled);
        String second = LimitResults.runId("import-items", scheduled);
        String first = LimitResults.runId("import-prices", scheduled);
        try (Browser browser = Browser.start()) {
            try {
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                assertThat(ConsoleRequests.put(browser, "api/v1/limits/" + LIMIT, """
                                {"max": 1, "description": "the warehouse takes one import at a time"}"""))
                        .isEqualTo(OK);
                send(
                        LimitResults.started(
                                "import-orders", "etl", scheduled, LIMIT, "etl-worker-1", scheduled.plusMillis(40)),
                        LimitResults.waiting("import-items", "etl", scheduled, LIMIT, scheduled.plusMillis(30)),
                        LimitResults.waiting("import-prices", "etl", scheduled, LIMIT, scheduled.plusMillis(20)));

                browser.driver.get("http://localhost:" + port + "/#/runs?status=WAITING");
                browser.wait.until(
                        ExpectedConditions.numberOfElementsToBe(By.cssSelector("#run-list td.status-WAITING"), 2));
                browser.driver.get("http://localhost:" + port + "/#/workers");
                By counts = By.cssSelector("[data-limit='" + LIMIT + "'] .limit-counts");
                browser.wait.until(ExpectedConditions.textToBe(counts, "1 of 1 held, 2 waiting"));
                WebElement section = browser.driver.findElement(By.cssSelector("[data-limit='" + LIMIT + "']"));
                assertThat(section.getText()).contains("the warehouse takes one import at a time");
                assertThat(rows(section, "limit-holders"))
                        .singleElement()
                        .satisfies(row -> assertThat(row)
                                .contains(holder)
                                .contains("import-orders")
                                .contains("etl-worker-1")
                                .contains("STARTED"));
                List<String> queue = rows(section, "limit-queue");
                assertThat(queue).hasSize(2);
                assertThat(queue.get(0)).startsWith("1").contains(first);
                assertThat(queue.get(1)).startsWith("2").contains(second);
                browser.screenshot("LimitsBrowserIT-workers");

                section.findElement(By.linkText(second)).click();
                browser.wait.until(ExpectedConditions.textToBe(By.id("run-status"), "WAITING"));
                assertThat(browser.driver.findElement(By.id("run-status")).getAttribute("class"))
                        .contains("status-WAITING");
                assertThat(browser.driver.findElement(By.id("run-facts")).getText())
                        .contains("Waits for concurrency limit")
                        .contains("Queued at");
                assertThat(browser.driver.findElements(By.id("run-kill"))).isEmpty();
                browser.screenshot("LimitsBrowserIT-run");
                browser.driver.findElement(By.id("run-limit")).click();
                browser.wait.until(ExpectedConditions.attributeContains(
                        By.cssSelector("[data-limit='" + LIMIT + "']"), "class", "chosen"));
                assertThat(browser.driver.getCurrentUrl()).endsWith("#/workers?limit=" + LIMIT);

                browser.driver.get("http://localhost:" + port + "/#/run?id=" + holder.replace("#", "%23"));
                browser.wait.until(ExpectedConditions.textToBe(By.id("run-status"), "STARTED"));
                assertThat(browser.driver.findElement(By.id("run-facts")).getText())
                        .contains("Holds concurrency limit")
                        .contains(LIMIT);

                new Select(browser.driver.findElement(By.id("language"))).selectByValue("zh-CN");
                browser.wait.until(ExpectedConditions.textToBe(By.cssSelector("nav a[data-nav=jobs]"), "任务"));
                browser.driver.get("http://localhost:" + port + "/#/workers?limit=" + LIMIT);
                browser.wait.until(ExpectedConditions.textToBe(counts, "已占用 1 / 1，2 个等待中"));
                WebElement chinese = browser.driver.findElement(By.cssSelector("[data-limit='" + LIMIT + "']"));
                assertThat(chinese.getText()).contains("占用者").contains("等待队列").contains("已开始");
                assertThat(chinese.findElement(By.cssSelector(".limit-queue thead"))
                                .getText())
                        .contains("位置")
                        .contains("开始等待时间");
                browser.screenshot("LimitsBrowserIT-workers-zh-CN");

                browser.driver.get("http://localhost:" + port + "/#/run?id=" + second.replace("#", "%23"));
                browser.wait.until(ExpectedConditions.textToBe(By.id("run-status"), "等待中"));
                assertThat(browser.driver.findElement(By.id("run-facts")).getText())
                        .contains("等待并发限制")
                        .contains("入队时间")
                        .contains(LIMIT);
                browser.driver.get("http://localhost:" + port + "/#/runs?status=WAITING");
                browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(
                        By.cssSelector("#run-list td.status-WAITING"), "等待中"));
                assertThat(browser.consoleErrors()).isEmpty();
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("LimitsBrowserIT");
                throw e;
            }
        }
    }

    private static List<String> rows(WebElement section, String table) {
        return section.findElements(By.cssSelector("." + table + " tbody tr")).stream()
                .map(WebElement::getText)
                .toList();
    }

    private static void send(RunResult... results) throws Exception {
        try (Producer<String, byte[]> producer = ConsoleTestEnvironment.producer()) {
            for (RunResult result : results) {
                producer.send(LimitResults.record(environment.catalog.results(), result))
                        .get();
            }
        }
    }
}
