package io.carillon.console.internal.kafka;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** The console's Kafka producer (outbox relay, run-now requests, dead letters). */
@ConfigurationProperties("carillon.console.kafka")
public class ConsoleKafkaProperties {
    /** How long a send may wait for the broker's acknowledgement before it counts as failed. Default 30 s. */
    private Duration sendTimeout = Duration.ofSeconds(30);

    public Duration getSendTimeout() {
        return sendTimeout;
    }

    public void setSendTimeout(Duration sendTimeout) {
        this.sendTimeout = sendTimeout;
    }
}
