package io.carillon.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.KafkaClientTimeouts;
import io.carillon.topics.TopicCatalog;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

class StreamsAppBuilderTest {

    private static final String COMMIT = StreamsConfig.COMMIT_INTERVAL_MS_CONFIG;
    private static final String REQUEST_TIMEOUT = CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG;

    /** A builder of an app called {@code sample}. */
    private static final class SampleBuilder extends StreamsAppBuilder<SampleBuilder> {

        SampleBuilder() {
            super("sample");
        }

        @Override
        protected SampleBuilder self() {
            return this;
        }
    }

    @Test
    void namesTheApplicationAndItsStateDirectoryAfterTheApp() {
        Properties properties = new SampleBuilder()
                .bootstrapServers("kafka:9092")
                .catalog(new TopicCatalog("acme.", 1, (short) 3))
                .streamsProperties(Map.of());

        assertThat(properties)
                .containsEntry(StreamsConfig.APPLICATION_ID_CONFIG, "acme.sample")
                .containsEntry(
                        StreamsConfig.STATE_DIR_CONFIG,
                        Path.of(System.getProperty("java.io.tmpdir"), "carillon-sample")
                                .toString())
                .containsEntry(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2)
                .containsEntry(StreamsConfig.GROUP_PROTOCOL_CONFIG, "classic")
                .containsEntry(StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG, 0)
                .containsEntry(StreamsConfig.REPLICATION_FACTOR_CONFIG, 3);
    }

    @Test
    void namesItsOwnAdminClientAfterTheClientIdWhenOneIsSet() {
        SampleBuilder builder =
                new SampleBuilder().bootstrapServers("kafka:9092").catalog(new TopicCatalog("acme.", 1, (short) 3));

        assertThat(builder.adminConfig("readability"))
                .containsEntry(CommonClientConfigs.CLIENT_ID_CONFIG, "acme.sample-readability")
                .containsEntry(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        builder.streamsProperty(StreamsConfig.CLIENT_ID_CONFIG, "billing-planner");
        assertThat(builder.adminConfig("readability"))
                .containsEntry(CommonClientConfigs.CLIENT_ID_CONFIG, "billing-planner-readability");
    }

    @Test
    void clientPropertiesOverrideTheTuningAndStreamsPropertiesOverrideBoth() {
        SampleBuilder builder = new SampleBuilder().bootstrapServers("kafka:9092");

        assertThat(builder.streamsProperties(Map.of(COMMIT, 100L))).containsEntry(COMMIT, 100L);
        builder.clientProperties(Map.of(COMMIT, "200"));
        assertThat(builder.streamsProperties(Map.of(COMMIT, 100L))).containsEntry(COMMIT, "200");
        builder.streamsProperty(COMMIT, "300");
        assertThat(builder.streamsProperties(Map.of(COMMIT, 100L))).containsEntry(COMMIT, "300");
    }

    @Test
    void refusesWhatNoAppCanRunWith() {
        assertThatThrownBy(() -> new SampleBuilder().requireSettings()).hasMessage("bootstrapServers is required");
        assertThatThrownBy(() -> new SampleBuilder().standbyReplicas(-1)).hasMessageContaining("standbyReplicas");
        assertThatThrownBy(() -> new SampleBuilder()
                        .streamsProperty(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.AT_LEAST_ONCE))
                .hasMessageStartingWith("streamsProperty");
    }

    @Test
    void theProducerAndTheConsumersGiveALostBrokerUpInSecondsUnlessTold() {
        SampleBuilder builder = new SampleBuilder().bootstrapServers("kafka:9092");
        StreamsConfig defaults = new StreamsConfig(builder.streamsProperties(Map.of()));

        assertThat(defaults.getProducerConfigs("p")).containsAllEntriesOf(KafkaClientTimeouts.defaults());
        assertThat(defaults.getMainConsumerConfigs("g", "c", 0)).containsAllEntriesOf(KafkaClientTimeouts.defaults());
        assertThat(defaults.getRestoreConsumerConfigs("r")).containsAllEntriesOf(KafkaClientTimeouts.defaults());

        builder.clientProperties(Map.of(REQUEST_TIMEOUT, "30000"));
        StreamsConfig told = new StreamsConfig(builder.streamsProperties(Map.of()));
        assertThat(told.getProducerConfigs("p")).containsEntry(REQUEST_TIMEOUT, "30000");
        assertThat(told.getMainConsumerConfigs("g", "c", 0)).containsEntry(REQUEST_TIMEOUT, "30000");

        builder.streamsProperty(StreamsConfig.producerPrefix(REQUEST_TIMEOUT), "20000");
        StreamsConfig aimed = new StreamsConfig(builder.streamsProperties(Map.of()));
        assertThat(aimed.getProducerConfigs("p")).containsEntry(REQUEST_TIMEOUT, "20000");
        assertThat(aimed.getMainConsumerConfigs("g", "c", 0)).containsEntry(REQUEST_TIMEOUT, "30000");
    }
}
