package io.carillon.bench.internal;

import io.carillon.topics.KafkaClientProperties;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * {@code --kafka-config FILE}: Kafka client properties (security.protocol, sasl.*, ssl.*) in Java properties form,
 * given to every Kafka client of the bench and of the parts it starts, like {@code kafka-*.sh --command-config}. Only
 * the file's path travels on command lines, never its secrets.
 */
final class KafkaConfigFile {

    static final String FLAG = "kafka-config";

    private KafkaConfigFile() {}

    /**
     * The properties of {@code file}.
     *
     * @throws UsageException when it cannot be read or names a property Carillon sets itself
     */
    static Map<String, String> read(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new UsageException("--" + FLAG + ": cannot read " + file + ": " + e.getMessage());
        }
        Map<String, String> map = new LinkedHashMap<>();
        properties.stringPropertyNames().forEach(name -> map.put(name, properties.getProperty(name)));
        try {
            KafkaClientProperties.of(FLAG, map);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--" + FLAG + " " + file + ": " + e.getMessage());
        }
        return map;
    }
}
