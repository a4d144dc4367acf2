package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.Browser;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * An ADMIN in a real Chromium manages access from the console's pages: creates a user on the Users page, locks and
 * unlocks it, finds the change on the Audit page by its action (the filter kept in the URL), creates an API token
 * whose secret is shown once, revokes it after confirming, and opens Swagger UI; no page breaks the
 * Content-Security-Policy ({@link Browser#close}).
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class AdminPagesBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Test
    void managesUsersAuditAndTokensFromThePages() throws Exception {
        try (Browser browser = Browser.start()) {
            try {
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                createUser(browser);
                lockAndUnlock(browser);
                findItInTheAudit(browser);
                createAndRevokeAToken(browser);
                openSwaggerUi(browser, port);
                browser.screenshot("AdminPagesBrowserIT-tokens");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("AdminPagesBrowserIT");
                throw e;
            }
        }
    }

    private static void createUser(Browser browser) {
        browser.driver.findElement(By.cssSelector("nav a[data-nav=users]")).click();
        WebElement form = browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("user-form")));
        form.findElement(By.name("name")).sendKeys("nina");
        form.findElement(By.name("password")).sendKeys("nina-password-1");
        form.findElement(By.name("grants")).sendKeys("VIEWER:demo, OPERATOR:reports");
        form.findElement(By.cssSelector("button[type=submit]")).click();
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("users-list"), "nina"));
        assertThat(browser.driver.findElement(By.id("users-list")).getText()).contains("OPERATOR:reports, VIEWER:demo");
    }

    private static void lockAndUnlock(Browser browser) {
        By lock = By.xpath("//table[@id='users-list']//tr[td[1]='nina']//button[text()='Lock']");
        By unlock = By.xpath("//table[@id='users-list']//tr[td[1]='nina']//button[text()='Unlock']");
        browser.wait.until(ExpectedConditions.elementToBeClickable(lock)).click();
        browser.wait
                .until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm-ok")))
                .click();
        browser.wait
                .ignoring(StaleElementReferenceException.class)
                .until(ExpectedConditions.elementToBeClickable(unlock))
                .click();
        browser.wait
                .ignoring(StaleElementReferenceException.class)
                .until(ExpectedConditions.visibilityOfElementLocated(lock));
    }

    private static void openSwaggerUi(Browser browser, int port) {
        browser.driver.get("http://localhost:" + port + "/swagger-ui/index.html");
        browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".swagger-ui .info .title")));
    }

    private static void findItInTheAudit(Browser browser) {
        browser.driver.findElement(By.cssSelector("nav a[data-nav=audit]")).click();
        new Select(browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("audit-action"))))
                .selectByVisibleText("USER_CREATE");
        browser.driver
                .findElement(By.cssSelector("#audit-filters button[type=submit]"))
                .click();
        browser.wait.until(ExpectedConditions.urlContains("action=USER_CREATE"));
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("audit-entries"), "USER nina"));
        browser.wait.ignoring(StaleElementReferenceException.class).until(driver -> {
            List<WebElement> rows = driver.findElements(By.cssSelector("#audit-entries tbody tr"));
            return !rows.isEmpty()
                    && rows.stream().allMatch(row -> row.getText().contains("USER_CREATE"));
        });
        assertThat(browser.driver.findElement(By.id("audit-entries")).getText()).contains("USER nina");
    }

    private static void createAndRevokeAToken(Browser browser) {
        browser.driver.findElement(By.cssSelector("nav a[data-nav=tokens]")).click();
        WebElement form = browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("token-form")));
        form.findElement(By.name("name")).sendKeys("deploy-pipeline");
        form.findElement(By.name("grants")).sendKeys("VIEWER:demo");
        form.findElement(By.cssSelector("button[type=submit]")).click();
        WebElement secret = browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("token-secret")));
        assertThat(secret.getText()).startsWith("crl_");
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("tokens-list"), "deploy-pipeline"));

        browser.driver.findElement(By.cssSelector("#tokens-list button.danger")).click();
        browser.wait
                .until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm-ok")))
                .click();
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("tokens-list"), "revoked"));
    }
}
