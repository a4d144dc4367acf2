package io.carillon.topics.spring;

import io.carillon.topics.TopicSpec;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Health {@code carillonKafka}: UP when the Kafka cluster answers within {@value #TIMEOUT_SECONDS} s and every core
 * topic of the catalog exists; DOWN otherwise, naming the missing topics or the failure. Part of the readiness group
 * of every Carillon process: a process that cannot reach Kafka takes no traffic, but is not restarted for it.
 *
 * <p>Thread-safe; one admin client, created on the first check and closed with the context.
 */
final class KafkaHealthIndicator extends AbstractHealthIndicator implements DisposableBean {

    private static final int TIMEOUT_SECONDS = 5;
    private static final Duration TIMEOUT = Duration.ofSeconds(TIMEOUT_SECONDS);

    private final CarillonTopics topics;
    private Admin admin;

    KafkaHealthIndicator(CarillonTopics topics) {
        super("Kafka health check failed");
        this.topics = topics;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) throws Exception {
        Admin client = admin();
        String clusterId = client.describeCluster().clusterId().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        Set<String> existing = client.listTopics().names().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        List<String> missing = topics.catalog().coreTopics().stream()
                .map(TopicSpec::name)
                .filter(name -> !existing.contains(name))
                .toList();
        builder.withDetail("clusterId", clusterId)
                .withDetail("prefix", topics.catalog().prefix());
        if (missing.isEmpty()) {
            builder.up();
        } else {
            builder.down().withDetail("missingTopics", missing);
        }
    }

    private synchronized Admin admin() {
        if (admin == null) {
            admin = topics.admin(TIMEOUT);
        }
        return admin;
    }

    @Override
    public synchronized void destroy() {
        if (admin != null) {
            admin.close(TIMEOUT);
            admin = null;
        }
    }
}
