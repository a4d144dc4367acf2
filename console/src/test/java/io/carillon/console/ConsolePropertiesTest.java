package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

import io.carillon.console.internal.audit.AuditApiProperties;
import io.carillon.console.internal.declarations.DeclarationProperties;
import io.carillon.console.internal.incidents.IncidentProperties;
import io.carillon.console.internal.incidents.NotificationProperties;
import io.carillon.console.internal.jobs.JobApiProperties;
import io.carillon.console.internal.jobs.JobProperties;
import io.carillon.console.internal.kafka.ConsoleKafkaProperties;
import io.carillon.console.internal.kafka.MaterializerProperties;
import io.carillon.console.internal.logs.LogProperties;
import io.carillon.console.internal.outbox.OutboxProperties;
import io.carillon.console.internal.retention.RetentionProperties;
import io.carillon.console.internal.runs.RunApiProperties;
import io.carillon.console.internal.web.RequestLimitProperties;
import io.carillon.console.internal.workers.WorkerProperties;

class ConsolePropertiesTest {

    /** ConsoleProperties and the settings class of each feature, all that the console's scan binds. */
    private static final int SETTINGS_CLASSES = 16;

    @Configuration(proxyBeanMethods = false)
    @ConfigurationPropertiesScan("io.carillon.console")
    static class Scanned {
    }

    @Test
    void hasTheDocumentedDefaults() {
        assertThat(new OutboxProperties().getPollInterval()).isEqualTo(Duration.ofMillis(100));
        assertThat(new OutboxProperties().getBatchSize()).isEqualTo(500);
        assertThat(new MaterializerProperties().getGroupId()).isNull();
        assertThat(new MaterializerProperties().getConcurrency()).isEqualTo(1);
        assertThat(new MaterializerProperties().getRetryBackoff()).isEqualTo(Duration.ofSeconds(1));
        assertThat(new MaterializerProperties().getMaxPollRecords()).isEqualTo(5000);
        assertThat(new MaterializerProperties().getFetchMinBytes()).isEqualTo(64 * 1024);
        assertThat(new MaterializerProperties().getFetchMaxWait()).isEqualTo(Duration.ofMillis(100));
        assertThat(new ConsoleKafkaProperties().getSendTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(new RunApiProperties().getDefaultRunLimit()).isEqualTo(50);
        assertThat(new RunApiProperties().getMaxRunLimit()).isEqualTo(1000);
        assertThat(new JobApiProperties().getDefaultPreviewCount()).isEqualTo(10);
        assertThat(new JobApiProperties().getMaxPreviewCount()).isEqualTo(100);
        assertThat(new RunApiProperties().getDefaultRunPageSize()).isEqualTo(50);
        assertThat(new RunApiProperties().getMaxRunPageSize()).isEqualTo(500);
        assertThat(new LogProperties().getGroupId()).isNull();
        assertThat(new LogProperties().getMaxLinesPerRun()).isEqualTo(10_000);
        assertThat(new LogProperties().getMaxBytesPerRun()).isEqualTo(5L * 1024 * 1024);
        assertThat(new LogProperties().getMaxLineLength()).isEqualTo(8192);
        assertThat(new LogProperties().getMaxStreams()).isEqualTo(100);
        assertThat(new LogProperties().getStreamMaxDuration()).isEqualTo(Duration.ofMinutes(30));
        assertThat(new LogProperties().getStreamPollInterval()).isEqualTo(Duration.ofMillis(500));
        assertThat(new LogProperties().getStreamSettle()).isEqualTo(Duration.ofSeconds(2));
        assertThat(new WorkerProperties().getStaleAfterMissedBeats()).isEqualTo(3);
        assertThat(new WorkerProperties().getForgetAfter()).isEqualTo(Duration.ofHours(1));
        assertThat(new RetentionProperties().getRuns()).isEqualTo(Duration.ofDays(30));
        assertThat(new RetentionProperties().getLogs()).isEqualTo(Duration.ofDays(30));
        assertThat(new RetentionProperties().getDaysAhead()).isEqualTo(7);
        assertThat(new RetentionProperties().getInterval()).isEqualTo(Duration.ofHours(1));
        assertThat(new RetentionProperties().getLockTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(new JobProperties().getDefaultPageSize()).isEqualTo(50);
        assertThat(new JobProperties().getMaxPageSize()).isEqualTo(500);
        assertThat(new JobProperties().getMaxFilterLength()).isEqualTo(200);
        assertThat(new JobProperties().getMaxBatchIds()).isEqualTo(100);
        assertThat(new JobProperties().getMaxBackfillFires()).isEqualTo(1000);
        assertThat(new JobProperties().getMaxReasonLength()).isEqualTo(500);
        assertThat(new JobProperties().getMaxRunAtAhead()).isEqualTo(Duration.ofDays(366));
        assertThat(new JobProperties().getFiresPerDayWarning()).isEqualTo(1440);
        assertThat(new JobProperties().getDstLookahead()).isEqualTo(Duration.ofDays(366));
    }

    @Test
    void hasTheDocumentedIncidentAndNotificationDefaults() {
        NotificationProperties notifications = new NotificationProperties();

        assertThat(new ConsoleProperties().getPublicUrl()).isEqualTo("http://localhost:8080");
        assertThat(new IncidentProperties().getGroupId()).isNull();
        assertThat(new IncidentProperties().getMaxPollRecords()).isEqualTo(500);
        assertThat(new IncidentProperties().getDefaultPageSize()).isEqualTo(50);
        assertThat(new IncidentProperties().getMaxPageSize()).isEqualTo(500);
        assertThat(new IncidentProperties().getMaxHistory()).isEqualTo(200);
        assertThat(notifications.getPollInterval()).isEqualTo(Duration.ofMillis(250));
        assertThat(notifications.getBatchSize()).isEqualTo(20);
        assertThat(notifications.getMaxAttempts()).isEqualTo(8);
        assertThat(notifications.getInitialBackoff()).isEqualTo(Duration.ofSeconds(10));
        assertThat(notifications.getBackoffMultiplier()).isEqualTo(2.0);
        assertThat(notifications.getMaxBackoff()).isEqualTo(Duration.ofMinutes(10));
        assertThat(notifications.getConnectTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(notifications.getReadTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(notifications.getDefaultSilence()).isEqualTo(Duration.ofMinutes(5));
        assertThat(notifications.getMailFrom()).isEqualTo("carillon@localhost");
        assertThat(notifications.getMaxMessageChars()).isEqualTo(1000);
        assertThat(notifications.getMaxChannels()).isEqualTo(100);
        assertThat(notifications.getMaxChannelApps()).isEqualTo(100);
    }

    @Test
    void bindsCarillonConsoleProperties() {
        Map<String, String> source = Map.of(
                "carillon.console.outbox.poll-interval", "250ms",
                "carillon.console.materializer.group-id", "console-b",
                "carillon.console.materializer.max-poll-records", "1000",
                "carillon.console.materializer.fetch-max-wait", "50ms",
                "carillon.console.kafka.send-timeout", "5s",
                "carillon.console.api.max-run-limit", "20",
                "carillon.console.jobs.fires-per-day-warning", "100");

        Binder binder = new Binder(new MapConfigurationPropertySource(source));

        assertThat(binder.bind("carillon.console.outbox", OutboxProperties.class).get().getPollInterval())
                .isEqualTo(Duration.ofMillis(250));
        MaterializerProperties materializer = binder.bind("carillon.console.materializer",
                MaterializerProperties.class).get();
        assertThat(materializer.getGroupId()).isEqualTo("console-b");
        assertThat(materializer.getMaxPollRecords()).isEqualTo(1000);
        assertThat(materializer.getFetchMaxWait()).isEqualTo(Duration.ofMillis(50));
        assertThat(binder.bind("carillon.console.kafka", ConsoleKafkaProperties.class).get().getSendTimeout())
                .isEqualTo(Duration.ofSeconds(5));
        assertThat(binder.bind("carillon.console.api", RunApiProperties.class).get().getMaxRunLimit()).isEqualTo(20);
        assertThat(binder.bind("carillon.console.jobs", JobProperties.class).get().getFiresPerDayWarning())
                .isEqualTo(100);
    }

    @Test
    void bindsEachFeaturesSettingsInOneContext() {
        new ApplicationContextRunner()
                .withUserConfiguration(Scanned.class)
                .withPropertyValues("carillon.console.api.max-run-limit=20", "carillon.console.api.max-preview-count=7",
                        "carillon.console.api.max-audit-page-size=9", "carillon.console.api.max-request-bytes=2048",
                        "carillon.console.login.max-failures=3", "carillon.console.public-url=https://carillon.example",
                        "carillon.console.workers.max-instances=4", "carillon.console.logs.max-streams=5")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(RunApiProperties.class).getMaxRunLimit()).isEqualTo(20);
                    assertThat(context.getBean(JobApiProperties.class).getMaxPreviewCount()).isEqualTo(7);
                    assertThat(context.getBean(AuditApiProperties.class).getMaxAuditPageSize()).isEqualTo(9);
                    assertThat(context.getBean(RequestLimitProperties.class).getMaxRequestBytes()).isEqualTo(2048);
                    assertThat(context.getBean(ConsoleProperties.class).getLogin().getMaxFailures()).isEqualTo(3);
                    assertThat(context.getBean(ConsoleProperties.class).getPublicUrl())
                            .isEqualTo("https://carillon.example");
                    assertThat(context.getBean(WorkerProperties.class).getMaxInstances()).isEqualTo(4);
                    assertThat(context.getBean(LogProperties.class).getMaxStreams()).isEqualTo(5);
                    assertThat(context.getBeansWithAnnotation(ConfigurationProperties.class)).hasSize(SETTINGS_CLASSES);
                });
    }

    @Test
    void bindsTheOrphanPolicyWithPerAppOverrides() {
        assertThat(new DeclarationProperties().orphansOf("billing"))
                .isEqualTo(DeclarationProperties.OrphanPolicy.DISABLE);
        Map<String, String> source = Map.of(
                "carillon.console.declarations.orphans", "keep",
                "carillon.console.declarations.app-orphans.billing", "DELETE");

        DeclarationProperties declarations = new Binder(new MapConfigurationPropertySource(source))
                .bind("carillon.console.declarations", DeclarationProperties.class).get();

        assertThat(declarations.orphansOf("billing")).isEqualTo(DeclarationProperties.OrphanPolicy.DELETE);
        assertThat(declarations.orphansOf("reports")).isEqualTo(DeclarationProperties.OrphanPolicy.KEEP);
    }
}
