package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.Browser;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A new user signs in and opens every page of the console, in English and in Simplified Chinese: the browser's
 * console logs no error on any of them, the login page's included, axe-core finds no serious or critical
 * accessibility violation, no English text is left on a Chinese page, Tab reaches every control of every page and
 * nothing answers a pointer only, Tab and Enter reach the job form from the Jobs page, and the favicon is served.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class ConsoleErrorsBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    /** Each page by its hash, with the section that shows it. */
    private static final Map<String, String> PAGES = pages();

    private static final String JOB = "nightly-report";
    private static final String LONG_JOB = "orders-export-to-the-warehouse";
    private static final long CREATED = 201;
    private static final int LIST_WIDTH = 1280;
    private static final int LIST_HEIGHT = 1000;
    private static final int CELL_PADDING_PX = 12;
    private static final int OK = 200;
    /**
     * The English texts a Chinese page shows: every visible text and placeholder, title or aria-label, outside what
     * users and handlers wrote ({@code translate="no"}, code, logs), that holds an English word of three letters or
     * more and no Chinese character, or that holds one of the English texts of the pages (arguments[1]).
     */
    private static final String ENGLISH_TEXTS = """
            const skipped = 'script, style, code, pre, textarea, .log, [translate="no"], datalist, option';
            const holds = (text, phrase) => {
              for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
                const around = text.charAt(at - 1) + text.charAt(at + phrase.length);
                if (!/[A-Za-z]/.test(around)) return true;
              }
              return false;
            };
            const english = text => {
              const rest = arguments[0].reduce((left, word) => left.split(word).join(' '), text);
              return (/[a-z]{3,}/i.test(rest) && !/[\u4e00-\u9fff]/.test(text))
                  || arguments[1].some(phrase => holds(rest, phrase));
            };
            const found = new Set();
            const roots = [document.querySelector('header'), ...document.querySelectorAll('[data-page]')]
                .filter(root => root && root.offsetParent !== null);
            for (const root of roots) {
              const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
              for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                const parent = node.parentElement;
                const text = node.textContent.trim();
                if (!text || parent.closest(skipped) || parent.offsetParent === null) continue;
                if (english(text)) found.add(text);
              }
              for (const element of root.querySelectorAll('[placeholder], [title], [aria-label]')) {
                if (element.closest(skipped) || element.offsetParent === null) continue;
                for (const name of ['placeholder', 'title', 'aria-label']) {
                  const value = (element.getAttribute(name) || '').trim();
                  if (value && english(value)) found.add(value);
                }
              }
            }
            return [...found];
            """;
    /**
     * Words that stay English in Chinese: names, the signed-in user, the zone of UTC times, and what this test wrote
     * (ids, the app, a run's message), longest first.
     */
    private static final List<String> KEPT = List.of(
            "waiting for concurrency limit 'reports-db'",
            "nightly-report@1#0",
            "nightly-report",
            "the report failed",
            "reports-db",
            "nightly@1",
            "nightly",
            "reports",
            "Carillon",
            "admin",
            "English",
            "UTC",
            "API",
            "ECharts");
    /**
     * The English texts of the pages, from the dictionary the Chinese pages are translated with: each English text
     * that its translation does not keep ("Cron" is "Cron 表达式") and that holds a word of four letters or more
     * (shorter ones, such as "at", are parts of other words too).
     */
    private static final String ENGLISH_OF_THE_PAGES = """
            const done = arguments[arguments.length - 1];
            import('/console/i18n-zh-cn.js').then(dictionary => done(Object.entries(dictionary.PHRASES)
                .filter(([english, chinese]) => !chinese.includes(english) && /[A-Za-z]{4,}/.test(english))
                .map(([english]) => english)));
            """;
    /** The pages the console has: the sections of index.html and the links of the navigation. */
    private static final String PAGES_OF_THE_CONSOLE = """
            return [...document.querySelectorAll('[data-page]')].map(section => section.dataset.page)
                .concat([...document.querySelectorAll('nav a[data-nav]')].map(link => link.dataset.nav));
            """;

    /** The most Tab presses from the top of a page to its main action: the navigation's links, then the page's. */
    private static final int MOST_TABS = 40;

    private static final String WORKFLOW = "nightly";
    private static final String INSTANCE = "nightly@1";
    private static final String RUN = JOB + "@1#0";
    private static final String WAITING_RUN = JOB + "@2#0";
    private static final String LIMIT = "reports-db";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    private final Clock clock = Clock.systemUTC();

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
                assertThat(ConsoleRequests.post(browser, "api/v1/jobs", """
                                {"id": "%s", "app": "reports", "handler": "report", "description": "the nightly report",
                                 "schedule": {"type": "CRON", "cron": "0 0 2 * * ?", "zone": "Asia/Shanghai"}}""".formatted(JOB)))
                        .isEqualTo(CREATED);
                assertThat(ConsoleRequests.put(browser, "api/v1/workflows/" + WORKFLOW, """
                                {"nodes": [{"id": "report", "jobId": "%s"}]}""".formatted(JOB)))
                        .isEqualTo(OK);
                seedRunAndInstance();
                browser.driver.get("http://localhost:" + port + "/");
                browser.wait.until(ExpectedConditions.textToBe(By.id("user"), "admin"));
                @SuppressWarnings("unchecked")
                List<String> pages = (List<String>) browser.driver.executeScript(PAGES_OF_THE_CONSOLE);
                assertThat(PAGES.values())
                        .as("the test visits every page of the console")
                        .containsAll(pages);
                visitEveryPage(browser, "en");
                browser.driver.get("http://localhost:" + port + "/#/forecast");
                browser.wait.until(ExpectedConditions.textMatches(
                        By.id("forecast-peaks"), Pattern.compile("\\d\\d:00: 1 fires from 1 jobs")));
                assertThat(browser.driver.findElement(By.id("forecast-peaks")).getText())
                        .contains(JOB);

                reachesNewJobByKeyboard(browser);

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

                browser.driver.executeScript("localStorage.setItem('carillon.language', 'zh-CN');");
                browser.driver.navigate().refresh();
                browser.wait.until(ExpectedConditions.textToBe(By.cssSelector("nav a[data-nav=jobs]"), "任务"));
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("f-schedule-cron")));
                browser.driver.findElement(By.id("f-schedule-cron")).clear();
                browser.driver.findElement(By.id("job-form-save")).click();
                browser.wait.until(driver -> driver.findElements(By.cssSelector("#job-form .invalid"))
                                .size()
                        > 2);
                assertThat(englishTexts(browser))
                        .as("English texts in the errors of a Chinese form")
                        .isEmpty();
                browser.screenshot("ConsoleErrorsBrowserIT-job-form-zh-CN");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("ConsoleErrorsBrowserIT-job-form");
                throw e;
            }
        }
    }

    @Test
    void theJobsListFitsA1280PixelWindowWithColumnsToHide() throws Exception {
        String description = "exports the orders of the day to the warehouse, then mails the totals to finance"
                + " and archives the files";
        try (Browser browser = Browser.start()) {
            try {
                browser.driver.manage().window().setSize(new Dimension(LIST_WIDTH, LIST_HEIGHT));
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                ConsoleRequests.post(browser, "api/v1/jobs", """
                        {"id": "%s", "app": "warehouse-integration", "handler": "export",
                         "description": "%s", "schedule": {"type": "CRON", "cron": "0 30 1 * * ?"}}""".formatted(LONG_JOB, description));
                browser.driver.get("http://localhost:" + port + "/#/jobs");
                WebElement cell = browser.wait.until(ExpectedConditions.visibilityOfElementLocated(
                        By.cssSelector("tr[data-job='" + LONG_JOB + "'] td:nth-child(3)")));
                assertThat(cell.getDomAttribute("title")).isEqualTo(description);
                assertCutToOneLineWithoutScroll(browser, cell, "the description");

                browser.driver
                        .findElement(By.cssSelector("#jobs-columns summary"))
                        .click();
                browser.driver.findElement(By.name("column-3")).click();
                assertThat(cell.isDisplayed()).as("the hidden column").isFalse();
                browser.driver.navigate().refresh();
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(
                        By.cssSelector("tr[data-job='" + LONG_JOB + "']")));
                assertThat(browser.driver
                                .findElement(By.cssSelector("#jobs thead th:nth-child(3)"))
                                .isDisplayed())
                        .as("the choice is kept")
                        .isFalse();
                browser.screenshot("ConsoleErrorsBrowserIT-jobs-1280");

                updatesLive(browser);
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("ConsoleErrorsBrowserIT-jobs");
                throw e;
            }
        }
    }

    /** {@code cell} holds one line of text, and the page fits the window's width. */
    private static void assertCutToOneLineWithoutScroll(Browser browser, WebElement cell, String what) {
        Number lineHeight = (Number) browser.driver.executeScript(
                "return parseFloat(getComputedStyle(arguments[0]).lineHeight) || 20;", cell);
        assertThat(cell.getSize().getHeight())
                .as("%s is cut to one line", what)
                .isLessThan((int) (2 * lineHeight.doubleValue()) + CELL_PADDING_PX);
        assertThat((Boolean) browser.driver.executeScript(
                        "return document.documentElement.scrollWidth <= window.innerWidth;"))
                .as("no horizontal scroll at %s px", LIST_WIDTH)
                .isTrue();
    }

    /** The Jobs page left open shows, without a reload, a job's new last run and a job created meanwhile. */
    private void updatesLive(Browser browser) {
        browser.driver.executeScript("window.carillonNotReloaded = true;");
        seedRun(LONG_JOB + "@1#0", LONG_JOB, "warehouse-integration", "SUCCEEDED", "exported");
        browser.wait.until(
                ExpectedConditions.textToBe(By.cssSelector("tr[data-job='" + LONG_JOB + "'] td.status"), "SUCCEEDED"));
        assertThat(ConsoleRequests.post(browser, "api/v1/jobs", """
                        {"id": "orders-archive", "app": "warehouse-integration", "handler": "archive",
                         "schedule": {"type": "CRON", "cron": "0 45 1 * * ?"}}""")).isEqualTo(CREATED);
        browser.wait.until(
                ExpectedConditions.visibilityOfElementLocated(By.cssSelector("tr[data-job='orders-archive']")));
        assertThat(browser.driver.executeScript("return window.carillonNotReloaded === true;"))
                .as("the page was not reloaded")
                .isEqualTo(true);
    }

    @Test
    void theRunsListFitsA1280PixelWindowWithColumnsToHide() throws Exception {
        String message = "the warehouse refused the file orders-2026-12-06.csv: line 4711 has 13 fields, 12 expected;"
                + " the export stopped after 4,710 lines";
        String runId = LONG_JOB + "@1733529600000#2";
        seedRun(runId, LONG_JOB, "warehouse-integration", "FAILED", message);
        try (Browser browser = Browser.start()) {
            try {
                browser.driver.manage().window().setSize(new Dimension(LIST_WIDTH, LIST_HEIGHT));
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                browser.driver.get("http://localhost:" + port + "/#/runs");
                WebElement cell = browser.wait.until(ExpectedConditions.visibilityOfElementLocated(
                        By.cssSelector("#run-list tr[data-run='" + runId + "'] td:nth-child(9)")));
                assertThat(cell.getDomAttribute("title")).isEqualTo(message);
                assertCutToOneLineWithoutScroll(browser, cell, "the message");

                browser.driver
                        .findElement(By.cssSelector("#run-list-columns summary"))
                        .click();
                browser.driver
                        .findElement(By.cssSelector("#run-list-columns [name=column-8]"))
                        .click();
                assertThat(browser.driver
                                .findElement(By.cssSelector("#run-list thead th:nth-child(8)"))
                                .isDisplayed())
                        .as("the hidden Instance column")
                        .isFalse();
                browser.driver.navigate().refresh();
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(
                        By.cssSelector("#run-list tr[data-run='" + runId + "']")));
                assertThat(browser.driver
                                .findElement(By.cssSelector("#run-list thead th:nth-child(8)"))
                                .isDisplayed())
                        .as("the choice is kept")
                        .isFalse();
                browser.screenshot("ConsoleErrorsBrowserIT-runs-1280");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("ConsoleErrorsBrowserIT-runs");
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

    /** From the top of the Jobs page, Tab reaches the "New job" button, and Enter opens the form. */
    private void reachesNewJobByKeyboard(Browser browser) {
        browser.driver.get("http://localhost:" + port + "/#/jobs");
        browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("new-job")));
        browser.driver.executeScript("document.activeElement.blur(); window.scrollTo(0, 0);");
        Actions keys = new Actions(browser.driver);
        for (int tab = 0; tab < MOST_TABS && !"new-job".equals(focused(browser)); tab++) {
            keys.sendKeys(Keys.TAB).perform();
        }
        assertThat(focused(browser)).as("Tab reaches the New job button").isEqualTo("new-job");
        keys.sendKeys(Keys.ENTER).perform();
        browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("f-id")));
        assertThat(browser.driver.getCurrentUrl()).contains("#/job-new");
    }

    private static String focused(Browser browser) {
        return (String) browser.driver.executeScript("return document.activeElement && document.activeElement.id;");
    }

    private void seedRun(String runId, String job, String app, String status, String message) {
        seedRun(runId, job, app, status, message, null);
    }

    private void seedRun(String runId, String job, String app, String status, String message, String limit) {
        Timestamp at = Timestamp.from(clock.instant().minusSeconds(60));
        jdbc.sql("INSERT INTO runs (run_id, fire_id, job_id, app, kind, attempt, shard_index, shard_total, status,"
                        + " scheduled_at, started_at, finished_at, message, updated_at, concurrency_limit) VALUES"
                        + " (:runId, :fireId, :job, :app, 'SCHEDULED', 1, 0, 1, :status, :at, :at, :at, :message, :at,"
                        + " :limit)")
                .param("runId", runId)
                .param("fireId", runId.substring(0, runId.lastIndexOf('#')))
                .param("job", job)
                .param("app", app)
                .param("status", status)
                .param("message", message)
                .param("at", at)
                .param("limit", limit, Types.VARCHAR)
                .update();
    }

    private void seedRunAndInstance() {
        Timestamp at = Timestamp.from(clock.instant().minusSeconds(60));
        seedRun(RUN, JOB, "reports", "FAILED", "the report failed", LIMIT);
        jdbc.sql("INSERT INTO concurrency_limits (id, definition, updated_at, updated_by) VALUES (:limit,"
                        + " CAST(:definition AS jsonb), :at, 'admin')")
                .param("limit", LIMIT)
                .param("definition", "{\"schemaVersion\": 1, \"id\": \"" + LIMIT + "\", \"max\": 1}")
                .param("at", at)
                .update();
        jdbc.sql(
                        "INSERT INTO runs (run_id, fire_id, job_id, app, kind, attempt, shard_index, shard_total, status,"
                                + " scheduled_at, message, updated_at, concurrency_limit, waiting_since) VALUES (:runId,"
                                + " :fireId, :job, 'reports', 'SCHEDULED', 1, 0, 1, 'WAITING', :at, :message, :at, :limit, :at)")
                .param("runId", WAITING_RUN)
                .param("fireId", WAITING_RUN.substring(0, WAITING_RUN.lastIndexOf('#')))
                .param("job", JOB)
                .param("at", at)
                .param("message", "waiting for concurrency limit '" + LIMIT + "'")
                .param("limit", LIMIT)
                .update();
        jdbc.sql("INSERT INTO workflow_instances (instance_id, workflow_id, status, kind, scheduled_at, started_at,"
                        + " ended_at, sequence, nodes, updated_at) VALUES (:instance, :workflow, 'FAILED', 'SCHEDULED',"
                        + " :at, :at, :at, 2, CAST(:nodes AS jsonb), :at)")
                .param("instance", INSTANCE)
                .param("workflow", WORKFLOW)
                .param("at", at)
                .param("nodes", """
                        [{"nodeId": "report", "jobId": "%s", "status": "FAILED", "round": 1, "runId": "%s",
                          "runStatus": "FAILED"}]""".formatted(JOB, RUN))
                .update();
    }

    private static Map<String, String> pages() {
        Map<String, String> pages = new LinkedHashMap<>();
        for (String page : List.of(
                "dashboard",
                "jobs",
                "runs",
                "forecast",
                "workers",
                "calendars",
                "incidents",
                "audit",
                "users",
                "tokens")) {
            pages.put(page, page);
        }
        pages.put("job?id=" + JOB, "job");
        pages.put("job-new", "job-form");
        pages.put("job-edit?id=" + JOB, "job-form");
        pages.put("run?id=" + RUN, "run");
        pages.put("run?id=" + WAITING_RUN, "run");
        pages.put("workers?limit=" + LIMIT, "workers");
        pages.put("workflows", "workflows");
        pages.put("workflow?id=" + WORKFLOW, "workflow");
        pages.put("workflow-instance?id=" + INSTANCE, "workflow-instance");
        pages.put("workflow-new", "workflow-form");
        pages.put("workflow-edit?id=" + WORKFLOW, "workflow-form");
        return pages;
    }

    @SuppressWarnings("unchecked")
    private static List<String> englishTexts(Browser browser) {
        List<String> english = (List<String>) browser.driver.executeAsyncScript(ENGLISH_OF_THE_PAGES);
        return (List<String>) browser.driver.executeScript(ENGLISH_TEXTS, KEPT, english);
    }

    private void visitEveryPage(Browser browser, String language) throws IOException {
        Map<String, List<String>> untranslated = new LinkedHashMap<>();
        Map<String, List<String>> inaccessible = new LinkedHashMap<>();
        Map<String, List<String>> unreached = new LinkedHashMap<>();
        for (Map.Entry<String, String> entry : PAGES.entrySet()) {
            String page = entry.getKey();
            String section = entry.getValue();
            browser.driver.get("http://localhost:" + port + "/#/" + page);
            browser.wait.until(ExpectedConditions.textToBe(By.id("user"), "admin"));
            browser.wait.until(
                    ExpectedConditions.visibilityOfElementLocated(By.cssSelector("[data-page=" + section + "]")));
            assertThat(browser.consoleErrors())
                    .as("errors on #/%s in %s", page, language)
                    .isEmpty();
            List<String> violations = Accessibility.violations(browser);
            if (!violations.isEmpty()) {
                inaccessible.put(page, violations);
            }
            if (language.equals("en")) {
                List<String> missed = KeyboardReach.unreached(browser);
                if (!missed.isEmpty()) {
                    unreached.put(page, missed);
                }
            }
            if (language.equals("zh-CN")) {
                List<String> english = englishTexts(browser);
                if (!english.isEmpty()) {
                    untranslated.put(page, english);
                }
            }
        }
        assertThat(untranslated).as("English texts left on Chinese pages").isEmpty();
        assertThat(inaccessible)
                .as("serious or critical accessibility violations (axe-core) in %s", language)
                .isEmpty();
        assertThat(unreached).as("actions the keyboard does not reach").isEmpty();
    }
}
