package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.Browser;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;

/**
 * A viewer in a real Chromium: signs in on the login page, sees only the jobs of the app it may read and no action
 * buttons (on the list and on the job's page), is refused a run its grants do not allow, and none of the markup that users and handlers wrote into
 * descriptions, params and run messages runs as script.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class AccessBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final String PASSWORD = "viewer-password-1";
    private static final String SCRIPT = "<img src=x onerror=alert(1)><img src=x onerror=\\\"window.xssRan=true\\\">";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Test
    void aViewerSeesOnlyItsAppAndCannotAct() throws Exception {
        RestClient admin = RestClient.builder()
                .baseUrl("http://localhost:" + port)
                .defaultHeaders(headers -> headers.setBasicAuth("admin", ConsoleTestEnvironment.ADMIN_PASSWORD))
                .defaultHeader("Content-Type", "application/json")
                .build();
        admin.post()
                .uri("/api/v1/users")
                .body("""
                {"name": "vera", "password": "%s", "grants": [{"role": "VIEWER", "app": "demo"}]}""".formatted(PASSWORD))
                .retrieve()
                .toBodilessEntity();
        admin.post()
                .uri("/api/v1/jobs")
                .body("""
                {"id": "nightly-report", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"},
                 "description": "%s", "params": "%s"}""".formatted(SCRIPT, SCRIPT))
                .retrieve()
                .toBodilessEntity();
        admin.post().uri("/api/v1/jobs").body("""
                {"id": "billing-run", "app": "billing", "handler": "echo", "schedule": {"type": "NONE"}}""").retrieve().toBodilessEntity();
        jdbc.sql("INSERT INTO runs (run_id, job_id, app, attempt, shard_index, shard_total, status, message,"
                        + " scheduled_at, updated_at) VALUES ('nightly-report@1#0', 'nightly-report', 'demo', 1, 0, 1,"
                        + " 'FAILED', :message, now(), now())")
                .param("message", SCRIPT.replace("\\\"", "\""))
                .update();

        try (Browser browser = Browser.start()) {
            try {
                signInAndLook(browser);
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("AccessBrowserIT");
                throw e;
            }
        }
    }

    private void signInAndLook(Browser browser) {
        browser.driver.get("http://localhost:" + port + "/");
        browser.wait.until(ExpectedConditions.urlContains("/login"));
        browser.signIn(port, "vera", PASSWORD);
        browser.driver.findElement(By.cssSelector("nav a[data-nav=jobs]")).click();

        List<WebElement> rows =
                browser.wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#jobs tbody tr"), 1));
        WebElement job = rows.get(0);
        assertThat(job.getText()).contains("nightly-report").doesNotContain("billing-run");
        assertThat(job.getText()).as("the description is shown as text").contains("<img src=x onerror=alert(1)>");
        assertThat(job.findElements(By.tagName("button")))
                .as("a viewer gets no run button")
                .isEmpty();

        job.click();
        WebElement run =
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#job-runs tbody tr")));
        assertThat(run.getText()).contains("FAILED").contains("<img src=x onerror=alert(1)>");
        assertThat(run.findElements(By.tagName("button")))
                .as("a viewer gets no retry button")
                .isEmpty();
        assertThat(browser.driver.findElement(By.id("job-facts")).getText()).contains("onerror=alert(1)");
        assertThat(browser.driver.findElements(By.cssSelector("#job-actions button, #job-actions a")))
                .as("a viewer gets no job actions")
                .isEmpty();
        assertThat(browser.driver.findElement(By.id("job-history-section")).isDisplayed())
                .as("a viewer does not read the audit log")
                .isFalse();

        Object refused = browser.driver.executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                const token = document.cookie.split('; ').find(c => c.startsWith('XSRF-TOKEN=')).substring(11);
                fetch('api/v1/jobs/nightly-report/run', {method: 'POST', headers: {'X-XSRF-TOKEN': token}})
                  .then(response => done(response.status));""");
        assertThat(refused).isEqualTo(403L);

        assertThat(browser.driver.findElements(By.cssSelector("#jobs img, #job-runs img, #job-facts img")))
                .isEmpty();
        assertThat(browser.driver.executeScript("return window.xssRan === undefined"))
                .isEqualTo(true);
        assertThat(alertShown(browser)).isFalse();
    }

    private static boolean alertShown(Browser browser) {
        try {
            browser.driver.switchTo().alert();
            return true;
        } catch (NoAlertPresentException e) {
            return false;
        }
    }
}
