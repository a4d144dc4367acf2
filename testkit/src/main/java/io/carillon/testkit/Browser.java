package io.carillon.testkit;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A headless Chromium driven by Selenium through Debian's {@code chromium} and {@code chromium-driver} packages
 * (Selenium Manager cannot download drivers here). Without them the test is skipped with a message naming the
 * packages, unless {@value #REQUIRED} is set (as {@code .ci/run} does), where it fails instead. {@link #close}
 * fails the test when the browser reported a Content-Security-Policy violation on any page it showed.
 */
public final class Browser implements AutoCloseable {

    public static final String REQUIRED = "CARILLON_BROWSER_TESTS_REQUIRED";
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String CSP_VIOLATION = "Content Security Policy";

    /** The driver of this browser; not thread-safe, like the browser. */
    public final ChromeDriver driver;
    /**
     * Waits up to 20 s for a condition of the page, looking again when the element it looked at was replaced (a page
     * that renders again between finding an element and reading it).
     */
    public final WebDriverWait wait;

    private final Path profile;
    private final List<String> unreadViolations = new ArrayList<>();
    private final List<String> unreadErrors = new ArrayList<>();

    private Browser(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.wait = new WebDriverWait(driver, WAIT);
        wait.ignoring(StaleElementReferenceException.class);
        this.profile = profile;
    }

    /** A new browser, or the test skipped (failed where {@value #REQUIRED} is set) when Chromium is missing. */
    public static Browser start() throws IOException {
        boolean installed = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        String missing = "browser tests need Debian's packages chromium and chromium-driver (" + CHROMIUM + ", "
                + CHROMEDRIVER + "): apt-get install chromium chromium-driver";
        if (!installed && System.getenv(REQUIRED) != null) {
            throw new IllegalStateException(missing);
        }
        assumeTrue(installed, missing);
        Path profile = Files.createTempDirectory("carillon-chromium");
        ChromeOptions options = new ChromeOptions()
                .setBinary(CHROMIUM.toFile())
                .addArguments(
                        "--headless=new",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-dev-shm-usage",
                        "--disable-quic",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--window-size=1400,900",
                        "--lang=en-US",
                        "--user-data-dir=" + profile);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability(ChromeOptions.LOGGING_PREFS, logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        return new Browser(new ChromeDriver(service, options), profile);
    }

    /** Signs in on the login page of the console at {@code port}; returns once the console shows the user. */
    public void signIn(int port, String user, String password) {
        driver.get("http://localhost:" + port + "/login");
        driver.findElement(By.id("username")).sendKeys(user);
        driver.findElement(By.id("password")).sendKeys(password);
        driver.findElement(By.id("sign-in")).click();
        wait.until(ExpectedConditions.textToBe(By.id("user"), user));
    }

    /**
     * Clicks the element {@code locator} finds once it is clickable, finding it again when the page replaced it
     * in between (the console re-renders a page as its data arrives).
     */
    public void click(By locator) {
        wait.ignoring(StaleElementReferenceException.class).until(page -> {
            WebElement element =
                    ExpectedConditions.elementToBeClickable(locator).apply(page);
            if (element == null) {
                return false;
            }
            element.click();
            return true;
        });
    }

    /** Saves what the browser shows to {@code target/screenshots/<name>.png}. */
    public void screenshot(String name) throws IOException {
        Path file = Path.of("target", "screenshots", name + ".png");
        Files.createDirectories(file.getParent());
        Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
    }

    /** The Content-Security-Policy violations the browser reported since the last call, as its console logged them. */
    public List<String> cspViolations() {
        readConsole();
        List<String> violations = List.copyOf(unreadViolations);
        unreadViolations.clear();
        return violations;
    }

    /**
     * The errors the browser's console logged since the last call: script errors, {@code console.error} calls and
     * resources that failed to load (a 404 included).
     */
    public List<String> consoleErrors() {
        readConsole();
        List<String> errors = List.copyOf(unreadErrors);
        unreadErrors.clear();
        return errors;
    }

    private void readConsole() {
        for (LogEntry entry : driver.manage().logs().get(LogType.BROWSER).getAll()) {
            if (entry.getMessage().contains(CSP_VIOLATION)) {
                unreadViolations.add(entry.getMessage());
            }
            if (entry.getLevel().intValue() >= Level.SEVERE.intValue()) {
                unreadErrors.add(entry.getMessage());
            }
        }
    }

    /** Quits the browser; fails when it reported a Content-Security-Policy violation. */
    @Override
    public void close() throws IOException {
        List<String> violations;
        try {
            violations = cspViolations();
        } finally {
            driver.quit();
            try (var files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder())
                        .forEach(path -> path.toFile().delete());
            }
        }
        if (!violations.isEmpty()) {
            throw new AssertionError("the console broke its Content-Security-Policy: " + violations);
        }
    }
}
