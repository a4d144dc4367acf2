package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaConfigFileTest {

    @TempDir
    Path dir;

    @Test
    void readsKafkaClientPropertiesInPropertiesForm() throws IOException {
        Path file = Files.writeString(dir.resolve("kafka.properties"), """
                security.protocol=SASL_SSL
                sasl.mechanism=SCRAM-SHA-512
                sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required \\
                  username="bench" password="s3cret";
                """);

        assertThat(KafkaConfigFile.read(file))
                .containsOnly(
                        Map.entry("security.protocol", "SASL_SSL"),
                        Map.entry("sasl.mechanism", "SCRAM-SHA-512"),
                        Map.entry(
                                "sasl.jaas.config",
                                "org.apache.kafka.common.security.scram.ScramLoginModule required"
                                        + " username=\"bench\" password=\"s3cret\";"));
    }

    @Test
    void refusesASettingCarillonSetsItselfNamingFileAndProperty() throws IOException {
        Path file = Files.writeString(dir.resolve("kafka.properties"), "isolation.level=read_uncommitted\n");

        assertThatThrownBy(() -> KafkaConfigFile.read(file))
                .isInstanceOf(UsageException.class)
                .hasMessageStartingWith("--kafka-config " + file + ": kafka-config.isolation.level cannot be set");
    }

    @Test
    void aMissingFileIsAUsageError() {
        Path missing = dir.resolve("missing.properties");

        assertThatThrownBy(() -> KafkaConfigFile.read(missing))
                .isInstanceOf(UsageException.class)
                .hasMessageStartingWith("--kafka-config: cannot read " + missing);
    }

    @Test
    void theFlagIsKnownToEveryWorkload() {
        assertThat(BenchOptions.parse("steady", "--kafka-config", "k.properties")
                        .kafkaConfig())
                .contains(Path.of("k.properties"));
    }
}
