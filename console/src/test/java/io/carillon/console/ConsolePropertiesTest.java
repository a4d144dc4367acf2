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
}
