package io.carillon.testkit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.metrics.KafkaMetric;
import org.apache.kafka.common.metrics.MetricsReporter;

/**
 * Shows which Kafka clients a component created with which configuration, so a test can check that client
 * properties reach every client. {@link #properties()} gives the two properties to pass the way a user would
 * ({@code metric.reporters} naming this class, and a marker): every client built with them instantiates this class as
 * a metrics reporter and hands it its configuration, recorded under the marker. (Kafka Streams passes its inner
 * clients only the properties it knows, so there the marker reaches the Kafka Streams instance alone.) Thread-safe.
 */
public final class ClientConfigRecorder implements MetricsReporter {

    /** The property whose value tells one test's clients from another's; unknown to Kafka, passed through. */
    public static final String MARKER = "carillon.test.marker";

    private static final String CARILLON_PROPERTIES = "carillon.kafka.properties.";
    private static final Map<String, List<Map<String, Object>>> CONFIGS = new ConcurrentHashMap<>();

    /** Public for Kafka, which instantiates it by name. */
    public ClientConfigRecorder() {}

    /** A new marker's client properties: {@code metric.reporters} naming this class and {@link #MARKER}. */
    public static Map<String, String> properties(String marker) {
        return Map.of(
                CommonClientConfigs.METRIC_REPORTER_CLASSES_CONFIG,
                ClientConfigRecorder.class.getName(),
                MARKER,
                marker);
    }

    /**
     * {@link #properties} as a Spring application sets them, {@code carillon.kafka.properties.<name>=<value>}, with
     * {@code reconnect.backoff.ms=123} as the property a test can look for in each client's configuration.
     */
    public static List<String> carillonProperties(String marker) {
        List<String> properties = new ArrayList<>(List.of(CARILLON_PROPERTIES + "reconnect.backoff.ms=123"));
        properties(marker).forEach((name, value) -> properties.add(CARILLON_PROPERTIES + name + "=" + value));
        return properties;
    }

    /** A marker no other test uses. */
    public static String newMarker() {
        return "m" + UUID.randomUUID();
    }

    /** The configurations of the clients created with {@code marker} so far, in creation order. */
    public static List<Map<String, Object>> configs(String marker) {
        return List.copyOf(CONFIGS.getOrDefault(marker, List.of()));
    }

    @Override
    public void configure(Map<String, ?> configs) {
        Object marker = configs.get(MARKER);
        if (marker != null) {
            CONFIGS.computeIfAbsent(marker.toString(), key -> new CopyOnWriteArrayList<>())
                    .add(Collections.unmodifiableMap(new HashMap<>(configs)));
        }
    }

    @Override
    public void init(List<KafkaMetric> metrics) {}

    @Override
    public void metricChange(KafkaMetric metric) {}

    @Override
    public void metricRemoval(KafkaMetric metric) {}

    @Override
    public void close() {}
}
