package io.carillon.console.internal.exchange.xxljob;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.NestedExceptionUtils;

/**
 * {@code java -jar carillon-console.jar import-xxl-job --jdbc-url ... [--dry-run]}: reads the executors and jobs of
 * an xxl-job database ({@link XxlJobReader}), maps them ({@link XxlJobMapping}), creates them in the console's
 * database ({@link XxlJobImporter}, on {@link XxlJobImportConfiguration}) and prints what it did, or in a dry run
 * would do ({@link ImportReport}). Exit status 0 when every job was created, exists or was skipped for a stated
 * reason; {@value #EXIT_FAILED} when the xxl-job database cannot be read or a job could not be created;
 * {@value #EXIT_USAGE} for a wrong command line.
 */
public final class XxlJobImportCommand {

    /** The command's name, the first argument of the console's main. */
    public static final String NAME = "import-xxl-job";

    static final int EXIT_OK = 0;
    static final int EXIT_FAILED = 1;
    static final int EXIT_USAGE = 2;

    private static final Map<String, Object> DEFAULTS = Map.of(
            "logging.level.root", "warn",
            "logging.level.org.springframework.boot.SpringApplication", "off",
            "logging.level.org.springframework.context.annotation.AnnotationConfigApplicationContext", "off",
            "spring.main.web-application-type", "none");

    private XxlJobImportCommand() {}

    /**
     * Runs the command with {@code arguments} (those after its name), printing the report to {@code out} and
     * problems to {@code err}; returns the exit status.
     */
    public static int run(String[] arguments, PrintStream out, PrintStream err) {
        ImportOptions options;
        try {
            options = ImportOptions.parse(
                    Arrays.asList(arguments), System.getenv(ImportOptions.PASSWORD_VARIABLE), ZoneId.systemDefault());
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            err.println(ImportOptions.USAGE);
            return EXIT_USAGE;
        }
        XxlJobExport source;
        try (Connection connection =
                DriverManager.getConnection(options.jdbcUrl(), options.jdbcUser(), options.jdbcPassword())) {
            connection.setReadOnly(true);
            source = XxlJobReader.read(connection);
        } catch (SQLException | IllegalStateException e) {
            err.println("cannot read the xxl-job database at " + options.safeJdbcUrl() + ": " + e.getMessage());
            return EXIT_FAILED;
        }
        ImportPlan plan = new XxlJobMapping(options.zone()).plan(source);
        out.println("xxl-job import from " + options.safeJdbcUrl() + ": "
                + source.groups().size() + " executors, "
                + source.jobs().size() + " jobs, crons in zone "
                + options.zone().getId()
                + (options.dryRun() ? " (dry run)" : ""));
        ConfigurableApplicationContext console;
        try {
            console = console(options.springArguments());
        } catch (RuntimeException e) {
            err.println("cannot use the console's database (start this console's version on it once first): "
                    + NestedExceptionUtils.getMostSpecificCause(e).getMessage());
            return EXIT_FAILED;
        }
        try (console) {
            ImportReport report = console.getBean(XxlJobImporter.class).apply(plan, options.dryRun());
            report.lines().forEach(out::println);
            return report.failed() ? EXIT_FAILED : EXIT_OK;
        }
    }

    private static ConfigurableApplicationContext console(List<String> springArguments) {
        return new SpringApplicationBuilder(XxlJobImportConfiguration.class)
                .web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF)
                .logStartupInfo(false)
                .properties(DEFAULTS)
                .run(springArguments.toArray(String[]::new));
    }
}
