package io.carillon.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.Browser;
import io.carillon.testkit.TestDatabase;
import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.DeadLetter;
import io.carillon.worker.CarillonWorker;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.client.RestClient;

/**
 * A workflow in a real Chromium against the standalone's real parts and a real worker of app {@value #APP}: the
 * nightly pipeline (two extracts, a transform once both are in, then a notice) built in the editor with its node and
 * edge forms, its graph drawn, started now; its instance page shows the transform fail (its first call throws) and
 * the notice not run, a retry of the transform carries the instance on to every node SUCCEEDED, the notice reading
 * what the extracts put in the instance's context; then the page in Chinese.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WorkflowBrowserIT {

    private static final Logger log = LoggerFactory.getLogger(WorkflowBrowserIT.class);

    private static final String ADMIN_PASSWORD = "workflow-day-password";
    private static final String APP = "etl";
    private static final String INSTANCE = "etl-worker-1";
    private static final String WORKFLOW = "nightly-pipeline";
    private static final Duration DEADLINE = Duration.ofSeconds(90);

    @TempDir
    static Path dataDir;

    private final AtomicInteger transformCalls = new AtomicInteger();
    private final List<String> notices = new CopyOnWriteArrayList<>();
    private TestDatabase database;
    private TopicCatalog catalog;
    private Standalone standalone;
    private CarillonWorker worker;
    private Browser browser;
    private WebDriverWait longWait;

    @BeforeAll
    void startCarillonAWorkerAndABrowser() throws Exception {
        browser = Browser.start();
        longWait = new WebDriverWait(browser.driver, DEADLINE);
        database = TestDatabase.create();
        catalog = TestKafka.newCatalog(TopicCatalog.DEFAULT_PARTITIONS);
        standalone = SharedInfrastructure.start(database, catalog, dataDir, ADMIN_PASSWORD);
        RestClient http = RestClient.builder()
                .baseUrl(base())
                .defaultHeaders(headers -> headers.setBasicAuth("admin", ADMIN_PASSWORD))
                .defaultStatusHandler(HttpStatusCode::isError, (request, response) -> {})
                .build();
        worker = CarillonWorker.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .app(APP)
                .instanceId(INSTANCE)
                .handler("extract", context -> {
                    context.setOutput("rows from " + context.params());
                    return "extracted";
                })
                .handler("transform", context -> {
                    if (transformCalls.getAndIncrement() == 0) {
                        throw new IllegalStateException("the warehouse is not up yet");
                    }
                    return "transformed";
                })
                .handler("notify", context -> {
                    notices.add(context.workflowOutput("extract-a") + " / " + context.workflowOutput("extract-b"));
                    return "notified";
                })
                .build();
        worker.start();
        await().atMost(DEADLINE)
                .until(() -> http.get()
                        .uri("/api/v1/workers")
                        .retrieve()
                        .body(String.class)
                        .contains(INSTANCE));
    }

    @AfterAll
    void stopEverything() throws Exception {
        if (browser != null) {
            browser.close();
        }
        if (worker != null) {
            worker.close();
        }
        if (standalone != null) {
            standalone.close();
        }
        if (database != null) {
            database.close();
        }
    }

    @Test
    void buildsThePipelineInTheEditorRunsItRetriesTheFailedNodeAndReadsItInChinese() throws Exception {
        try {
            browser.signIn(standalone.port(), "admin", ADMIN_PASSWORD);
            buildThePipelineInTheEditor();
            startItAndOpenTheInstance();
            retryTheFailedNodeAndWatchEveryNodeSucceed();
            readItInChinese();
        } catch (AssertionError | Exception e) {
            browser.screenshot("WorkflowBrowserIT");
            try (TopicReader<DeadLetter> dlq =
                    new TopicReader<>(catalog.dlq(), EventSerdes.DEAD_LETTER.deserializer())) {
                dlq.values().forEach(letter -> log.error("dead letter: {}", letter));
            }
            throw e;
        }
    }

    private void buildThePipelineInTheEditor() throws Exception {
        browser.click(By.cssSelector("nav a[data-nav=workflows]"));
        browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("workflows-empty")));
        browser.click(By.id("new-workflow"));
        type("wf-id", WORKFLOW);
        addNode("extract-a", "extract", "a");
        addNode("extract-b", "extract", "b");
        addNode("transform", "transform", "");
        addNode("notify", "notify", "");
        addEdge("extract-a", "transform");
        addEdge("extract-b", "transform");
        addEdge("transform", "notify");
        browser.wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#wf-editor-graph .wf-node"), 4));
        assertThat(browser.driver.findElements(By.cssSelector("#wf-editor-graph .wf-edge")))
                .hasSize(3);
        browser.click(By.id("wf-save"));
        browser.wait.until(ExpectedConditions.urlContains("#/workflow?id=" + WORKFLOW));
        browser.wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#workflow-graph .wf-node"), 4));
        browser.screenshot("WorkflowBrowserIT-workflow");
    }

    private void startItAndOpenTheInstance() throws Exception {
        browser.click(By.id("workflow-start"));
        browser.wait.until(
                ExpectedConditions.textToBePresentInElementLocated(By.id("workflow-notice"), "Instance requested"));
        browser.click(By.cssSelector("#workflow-notice a"));
        browser.wait.until(ExpectedConditions.urlContains("#/workflow-instance?id="));
        longWait.until(driver -> "FAILED".equals(nodeStatus("transform")));
        assertThat(nodeStatus("extract-a")).isEqualTo("SUCCEEDED");
        assertThat(nodeStatus("extract-b")).isEqualTo("SUCCEEDED");
        assertThat(nodeStatus("notify")).isNotEqualTo("SUCCEEDED");
        assertThat(browser.driver
                        .findElements(By.cssSelector("#instance-graph .wf-node-FAILED"))
                        .size())
                .isEqualTo(1);
        browser.screenshot("WorkflowBrowserIT-failed");
    }

    private void retryTheFailedNodeAndWatchEveryNodeSucceed() throws Exception {
        browser.click(By.cssSelector("#instance-nodes tr[data-node=transform] .node-retry"));
        browser.wait.until(
                ExpectedConditions.textToBePresentInElementLocated(By.id("instance-notice"), "Retry of transform"));
        longWait.until(driver -> "SUCCEEDED".equals(nodeStatus("notify")));
        assertThat(nodeStatus("transform")).isEqualTo("SUCCEEDED");
        longWait.until(ExpectedConditions.textToBe(By.cssSelector("#instance-status span"), "SUCCEEDED"));
        assertThat(browser.driver
                        .findElements(By.cssSelector("#instance-graph .wf-node-SUCCEEDED"))
                        .size())
                .isEqualTo(4);
        assertThat(transformCalls).hasValue(2);
        assertThat(notices).containsExactly("rows from a / rows from b");
        browser.screenshot("WorkflowBrowserIT-succeeded");
    }

    private void readItInChinese() throws Exception {
        new Select(browser.driver.findElement(By.id("language"))).selectByValue("zh-CN");
        browser.wait.until(ExpectedConditions.textToBe(By.cssSelector("nav a[data-nav=workflows]"), "工作流"));
        browser.wait.until(ExpectedConditions.textToBe(By.cssSelector("#instance-status span"), "成功"));
        browser.screenshot("WorkflowBrowserIT-zh-CN");
    }

    private String nodeStatus(String nodeId) {
        try {
            List<WebElement> cells = browser.driver.findElements(
                    By.cssSelector("#instance-nodes tr[data-node=" + nodeId + "] .node-status"));
            return cells.isEmpty() ? null : cells.get(0).getText();
        } catch (StaleElementReferenceException e) {
            return null;
        }
    }

    private void addNode(String id, String handler, String params) {
        type("wf-node-id", id);
        type("wf-node-app", APP);
        type("wf-node-handler", handler);
        if (!params.isEmpty()) {
            type("wf-node-params", params);
        }
        browser.click(By.id("wf-node-add"));
    }

    private void addEdge(String from, String to) {
        type("wf-edge-from", from);
        type("wf-edge-to", to);
        browser.click(By.id("wf-edge-add"));
    }

    private void type(String id, String text) {
        WebElement input = browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id(id)));
        input.clear();
        input.sendKeys(text);
    }

    private String base() {
        return "http://localhost:" + standalone.port();
    }
}
