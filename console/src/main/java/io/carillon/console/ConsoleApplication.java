package io.carillon.console;

import io.carillon.console.internal.exchange.xxljob.XxlJobImportCommand;
import java.util.Arrays;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.FullyQualifiedAnnotationBeanNameGenerator;

/**
 * The Carillon console: job CRUD and run-now over REST, a transactional outbox to the {@code jobs} topic, the run
 * history materialized from {@code results} into PostgreSQL, and a web page at {@code /}.
 *
 * <p>Run it alone ({@link #main}) or as one of several primary sources of a bigger application: every console bean
 * lives under {@code io.carillon.console} and is named by its fully qualified class name (so no scanned bean name
 * clashes with the host's), its Kafka clients are built from {@code carillon.kafka.bootstrap-servers}
 * rather than from {@code spring.kafka.*}, and it adds no bean another application's auto-configuration backs off
 * from. It needs a {@code DataSource} (PostgreSQL, migrated by Flyway from {@code classpath:db/migration}) and the
 * beans of {@code CarillonCoreAutoConfiguration} (Clock, TopicCatalog, CarillonTopics).
 *
 * <p>With {@code import-xxl-job} as its first argument, {@link #main} runs that command instead of the console
 * (see {@code docs/migrating.md}) and exits with its status.
 */
@SpringBootApplication(nameGenerator = FullyQualifiedAnnotationBeanNameGenerator.class)
@ConfigurationPropertiesScan
public class ConsoleApplication {

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals(XxlJobImportCommand.NAME)) {
            System.exit(XxlJobImportCommand.run(Arrays.copyOfRange(args, 1, args.length), System.out, System.err));
        }
        SpringApplication.run(ConsoleApplication.class, args);
    }
}
