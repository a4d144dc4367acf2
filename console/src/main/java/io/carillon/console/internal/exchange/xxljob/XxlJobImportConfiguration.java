package io.carillon.console.internal.exchange.xxljob;

import io.carillon.console.internal.access.AuditActors;
import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.access.CurrentCaller;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.calendars.CalendarRepository;
import io.carillon.console.internal.calendars.StoredCalendars;
import io.carillon.console.internal.jobs.JobApiProperties;
import io.carillon.console.internal.jobs.JobRepository;
import io.carillon.console.internal.jobs.JobService;
import io.carillon.console.internal.outbox.OutboxRepository;
import java.time.Clock;
import org.flywaydb.core.Flyway;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration;
import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcClientAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The part of the console the import command runs: the console's database (checked by Flyway to have exactly this
 * console's schema, never migrated by the import) and {@link JobService} with its outbox and audit log. No web server
 * and no Kafka client: the outbox rows the import writes are published by the running console's relay, as the
 * console's own changes are. Deliberately not a {@code @Configuration}, so the console's component scan leaves it out.
 */
@ImportAutoConfiguration({
    DataSourceAutoConfiguration.class,
    DataSourceTransactionManagerAutoConfiguration.class,
    JdbcTemplateAutoConfiguration.class,
    JdbcClientAutoConfiguration.class,
    TransactionAutoConfiguration.class,
    FlywayAutoConfiguration.class
})
@EnableConfigurationProperties(JobApiProperties.class)
@Import({
    JobService.class,
    JobRepository.class,
    OutboxRepository.class,
    Authorizer.class,
    AuditLog.class,
    AuditActors.class,
    CurrentCaller.class,
    StoredCalendars.class,
    CalendarRepository.class
})
class XxlJobImportConfiguration {

    @Bean
    Clock carillonClock() {
        return Clock.systemUTC();
    }

    @Bean
    FlywayMigrationStrategy carillonSchemaCheck() {
        return Flyway::validate;
    }

    @Bean
    XxlJobImporter carillonXxlJobImporter(JobService jobs, CurrentCaller callers) {
        return new XxlJobImporter(jobs, callers);
    }
}
