package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.Browser;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A new user signs in and opens every page of the navigation, in English and in Simplified Chinese: the browser's
 * console logs no error on any of them, the login page's included, and the favicon is served.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class ConsoleErrorsBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final List<String> PAGES =
            List.of("dashboard", "jobs", "runs", "workers", "incidents", "audit", "users", "tokens", "job-new");
    private static final int OK = 200;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Test
    void logsNoConsoleErrorOnAnyPageInEitherLanguage() throws Exception {
        try (Browser browser = Browser.start()) {
            try {
                browser.driver.get("http://localhost:" + port + "/login");
                browser.wait.until(ExpectedConditions.elementToBeClickable(By.id("sign-in")));
                assertThat(browser.consoleErrors())
                        .as("errors on the login page")
                        .isEmpty();

                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                visitEveryPage(browser, "en");

                new Select(browser.driver.findElement(By.id("language"))).selectByValue("zh-CN");
                browser.wait.until(ExpectedConditions.textToBe(By.cssSelector("nav a[data-nav=jobs]"), "任务"));
                visitEveryPage(browser, "zh-CN");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("ConsoleErrorsBrowserIT");
                throw e;
            }
        }
    }

    @Test
    void aNewJobFormShowsErrorsOnlyAtVisitedFieldsOrOnSave() throws Exception {
        try (Browser browser = Browser.start()) {
            try {
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                browser.driver.get("http://localhost:" + port + "/#/job-new");
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("f-schedule-cron")));
                assertThat(browser.driver.findElements(By.cssSelector("#job-form .invalid")))
                        .as("an untouched form shows no error")
                        .isEmpty();
                assertThat(browser.driver
                                .findElement(By.id("f-schedule-cron-error"))
                                .getText())
                        .isEmpty();

                browser.driver.findElement(By.id("f-schedule-cron")).sendKeys("not a cron");
                browser.driver.findElement(By.id("f-id")).click();
                browser.wait.until(ExpectedConditions.attributeContains(
                        By.cssSelector("[data-field='schedule.cron']"), "class", "invalid"));
                assertThat(browser.driver.findElements(By.cssSelector("#job-form .invalid")))
                        .as("only the visited field shows its error")
                        .hasSize(1);

                browser.driver.findElement(By.id("job-form-save")).click();
                browser.wait.until(driver -> driver.findElements(By.cssSelector("#job-form .invalid"))
                                .size()
                        > 1);
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("ConsoleErrorsBrowserIT-job-form");
                throw e;
            }
        }
    }

    @Test
    void servesAFaviconToAnyone() throws Exception {
        HttpResponse<byte[]> favicon = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/favicon.ico"))
                                .build(),
                        HttpResponse.BodyHandlers.ofByteArray());
        assertThat(favicon.statusCode()).isEqualTo(OK);
        assertThat(favicon.body()).isNotEmpty();
    }

    private void visitEveryPage(Browser browser, String language) {
        for (String page : PAGES) {
            browser.driver.get("http://localhost:" + port + "/#/" + page);
            browser.wait.until(ExpectedConditions.textToBe(By.id("user"), "admin"));
            String section = page.equals("job-new") ? "job-form" : page;
            browser.wait.until(
                    ExpectedConditions.visibilityOfElementLocated(By.cssSelector("[data-page=" + section + "]")));
            assertThat(browser.consoleErrors())
                    .as("errors on #/%s in %s", page, language)
                    .isEmpty();
        }
    }
}
