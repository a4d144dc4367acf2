package io.carillon.console.internal.exchange.xxljob;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of {@code import-xxl-job}: its own options ({@code --jdbc-url}, {@code --jdbc-user},
 * {@code --jdbc-password}, {@code --zone}, {@code --dry-run}, each as {@code --name value} or {@code --name=value})
 * and every other argument, passed on to the console's Spring settings ({@code --spring.datasource.url=...}).
 */
record ImportOptions(
        String jdbcUrl,
        String jdbcUser,
        String jdbcPassword,
        ZoneId zone,
        boolean dryRun,
        List<String> springArguments) {

    static final String USAGE = """
            usage: java -jar carillon-console.jar import-xxl-job --jdbc-url URL [--jdbc-user USER]
                   [--jdbc-password PASSWORD] [--zone ZONE] [--dry-run] --spring.datasource.url=... (console settings)
              --jdbc-url       the xxl-job database, e.g. jdbc:mariadb://db:3306/xxl_job (MySQL too)
              --jdbc-user      its user; --jdbc-password its password (or the XXL_JOB_JDBC_PASSWORD variable)
              --zone           the time zone of the xxl-job admin server, in which its crons fire (default: this
                               machine's zone)
              --dry-run        print the plan and change nothing""";

    static final String PASSWORD_VARIABLE = "XXL_JOB_JDBC_PASSWORD";

    /**
     * The options in {@code arguments}; {@code passwordVariable} is the value of {@value #PASSWORD_VARIABLE}, used
     * when no {@code --jdbc-password} is given.
     *
     * @throws IllegalArgumentException naming the option that is missing or wrong
     */
    static ImportOptions parse(List<String> arguments, String passwordVariable, ZoneId defaultZone) {
        String url = null;
        String user = null;
        String password = passwordVariable;
        ZoneId zone = defaultZone;
        boolean dryRun = false;
        List<String> spring = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
            String argument = arguments.get(i);
            String name = argument.contains("=") ? argument.substring(0, argument.indexOf('=')) : argument;
            switch (name) {
                case "--dry-run" -> dryRun = true;
                case "--jdbc-url", "--jdbc-user", "--jdbc-password", "--zone" -> {
                    String value;
                    if (argument.contains("=")) {
                        value = argument.substring(argument.indexOf('=') + 1);
                    } else if (i + 1 < arguments.size()) {
                        value = arguments.get(++i);
                    } else {
                        throw new IllegalArgumentException(name + " needs a value");
                    }
                    switch (name) {
                        case "--jdbc-url" -> url = value;
                        case "--jdbc-user" -> user = value;
                        case "--jdbc-password" -> password = value;
                        default -> zone = zone(value);
                    }
                }
                default -> spring.add(argument);
            }
        }
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException("--jdbc-url is required: the JDBC URL of the xxl-job database");
        }
        return new ImportOptions(url, user, password, zone, dryRun, spring);
    }

    /** The JDBC URL without its query, where a password may be written. */
    String safeJdbcUrl() {
        int query = jdbcUrl.indexOf('?');
        return query < 0 ? jdbcUrl : jdbcUrl.substring(0, query) + "?...";
    }

    @Override
    public String toString() {
        return "ImportOptions[" + safeJdbcUrl() + ", user " + jdbcUser + ", zone " + zone + ", dryRun " + dryRun + "]";
    }

    private static ZoneId zone(String value) {
        try {
            return ZoneId.of(value);
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("--zone '" + value + "' is not a known time zone");
        }
    }
}
