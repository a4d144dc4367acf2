package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class ConsolePropertiesTest {

    @Test
    void hasTheDocumentedDefaults() {
        ConsoleProperties properties = new ConsoleProperties();

        assertThat(properties.getOutbox().getPollInterval()).isEqualTo(Duration.ofMillis(100));
        assertThat(properties.getOutbox().getBatchSize()).isEqualTo(500);
        assertThat(properties.getMaterializer().getGroupId()).isNull();
        assertThat(properties.getMaterializer().getConcurrency()).isEqualTo(1);
        assertThat(properties.getMaterializer().getRetryBackoff()).isEqualTo(Duration.ofSeconds(1));
        assertThat(properties.getMaterializer().getMaxPollRecords()).isEqualTo(5000);
        assertThat(properties.getMaterializer().getFetchMinBytes()).isEqualTo(64 * 1024);
        assertThat(properties.getMaterializer().getFetchMaxWait()).isEqualTo(Duration.ofMillis(100));
        assertThat(properties.getKafka().getSendTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(properties.getApi().getDefaultRunLimit()).isEqualTo(50);
        assertThat(properties.getApi().getMaxRunLimit()).isEqualTo(1000);
        assertThat(properties.getApi().getDefaultPreviewCount()).isEqualTo(10);
        assertThat(properties.getApi().getMaxPreviewCount()).isEqualTo(100);
        assertThat(properties.getApi().getDefaultRunPageSize()).isEqualTo(50);
        assertThat(properties.getApi().getMaxRunPageSize()).isEqualTo(500);
        assertThat(properties.getLogs().getGroupId()).isNull();
        assertThat(properties.getLogs().getMaxLinesPerRun()).isEqualTo(10_000);
        assertThat(properties.getLogs().getMaxBytesPerRun()).isEqualTo(5L * 1024 * 1024);
        assertThat(properties.getLogs().getMaxLineLength()).isEqualTo(8192);
        assertThat(properties.getLogs().getMaxStreams()).isEqualTo(100);
        assertThat(properties.getLogs().getStreamMaxDuration()).isEqualTo(Duration.ofMinutes(30));
        assertThat(properties.getLogs().getStreamPollInterval()).isEqualTo(Duration.ofMillis(500));
        assertThat(properties.getLogs().getStreamSettle()).isEqualTo(Duration.ofSeconds(2));
        assertThat(properties.getWorkers().getStaleAfterMissedBeats()).isEqualTo(3);
        assertThat(properties.getWorkers().getForgetAfter()).isEqualTo(Duration.ofHours(1));
        assertThat(properties.getRetention().getRuns()).isEqualTo(Duration.ofDays(30));
        assertThat(properties.getRetention().getLogs()).isEqualTo(Duration.ofDays(30));
        assertThat(properties.getRetention().getDaysAhead()).isEqualTo(7);
        assertThat(properties.getRetention().getInterval()).isEqualTo(Duration.ofHours(1));
        assertThat(properties.getRetention().getLockTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(properties.getJobs().getDefaultPageSize()).isEqualTo(50);
        assertThat(properties.getJobs().getMaxPageSize()).isEqualTo(500);
        assertThat(properties.getJobs().getMaxFilterLength()).isEqualTo(200);
        assertThat(properties.getJobs().getMaxBatchIds()).isEqualTo(100);
        assertThat(properties.getJobs().getMaxBackfillFires()).isEqualTo(1000);
        assertThat(properties.getJobs().getMaxReasonLength()).isEqualTo(500);
        assertThat(properties.getJobs().getMaxRunAtAhead()).isEqualTo(Duration.ofDays(366));
        assertThat(properties.getJobs().getFiresPerDayWarning()).isEqualTo(1440);
        assertThat(properties.getJobs().getDstLookahead()).isEqualTo(Duration.ofDays(366));
    }

    @Test
    void hasTheDocumentedIncidentAndNotificationDefaults() {
        ConsoleProperties properties = new ConsoleProperties();
        NotificationProperties notifications = properties.getNotifications();

        assertThat(properties.getPublicUrl()).isEqualTo("http://localhost:8080");
        assertThat(properties.getIncidents().getGroupId()).isNull();
        assertThat(properties.getIncidents().getMaxPollRecords()).isEqualTo(500);
        assertThat(properties.getIncidents().getDefaultPageSize()).isEqualTo(50);
        assertThat(properties.getIncidents().getMaxPageSize()).isEqualTo(500);
        assertThat(properties.getIncidents().getMaxHistory()).isEqualTo(200);
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

        ConsoleProperties properties = new Binder(new MapConfigurationPropertySource(source))
                .bind("carillon.console", ConsoleProperties.class).get();

        assertThat(properties.getOutbox().getPollInterval()).isEqualTo(Duration.ofMillis(250));
        assertThat(properties.getMaterializer().getGroupId()).isEqualTo("console-b");
        assertThat(properties.getMaterializer().getMaxPollRecords()).isEqualTo(1000);
        assertThat(properties.getMaterializer().getFetchMaxWait()).isEqualTo(Duration.ofMillis(50));
        assertThat(properties.getKafka().getSendTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(properties.getApi().getMaxRunLimit()).isEqualTo(20);
        assertThat(properties.getJobs().getFiresPerDayWarning()).isEqualTo(100);
    }

    @Test
    void bindsTheOrphanPolicyWithPerAppOverrides() {
        assertThat(new ConsoleProperties().getDeclarations().orphansOf("billing"))
                .isEqualTo(DeclarationProperties.OrphanPolicy.DISABLE);
        Map<String, String> source = Map.of(
                "carillon.console.declarations.orphans", "keep",
                "carillon.console.declarations.app-orphans.billing", "DELETE");

        DeclarationProperties declarations = new Binder(new MapConfigurationPropertySource(source))
                .bind("carillon.console", ConsoleProperties.class).get().getDeclarations();

        assertThat(declarations.orphansOf("billing")).isEqualTo(DeclarationProperties.OrphanPolicy.DELETE);
        assertThat(declarations.orphansOf("reports")).isEqualTo(DeclarationProperties.OrphanPolicy.KEEP);
    }
}
