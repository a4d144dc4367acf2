package io.carillon.planner;

import io.carillon.topics.TopicCatalog;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;

/**
 * A planner in a JVM of its own, for tests that kill it abruptly. Arguments: bootstrap servers, topic prefix,
 * partitions, application id, state directory, client id. Runs until the process is killed.
 */
public final class PlannerChild {

    /** Short enough that the survivor takes over within seconds of a kill, well inside the 10 s horizon. */
    static final Duration SESSION_TIMEOUT = Duration.ofSeconds(6);

    static final Duration HEARTBEAT_INTERVAL = Duration.ofMillis(500);
    /** The killed planner's open transaction is aborted by the broker after this. */
    static final Duration TRANSACTION_TIMEOUT = Duration.ofSeconds(5);
    /** Every client counts as caught up, so a replacement gets its share of tasks at once, not after a probing rebalance. */
    static final long ACCEPTABLE_RECOVERY_LAG = Long.MAX_VALUE;

    private PlannerChild() {}

    public static void main(String[] args) throws InterruptedException {
        TopicCatalog catalog = new TopicCatalog(args[1], Integer.parseInt(args[2]), (short) 1);
        Planner planner = configure(Planner.builder(), args[0], catalog, args[3], Path.of(args[4]), args[5])
                .build();
        planner.start();
        new CountDownLatch(1).await();
    }

    /** The settings every planner of the kill test uses, in the child and in the test's JVM. */
    static Planner.Builder configure(
            Planner.Builder builder,
            String bootstrapServers,
            TopicCatalog catalog,
            String applicationId,
            Path stateDir,
            String clientId) {
        return builder.bootstrapServers(bootstrapServers)
                .catalog(catalog)
                .clock(Clock.systemUTC())
                .applicationId(applicationId)
                .stateDir(stateDir)
                .streamsProperty(StreamsConfig.CLIENT_ID_CONFIG, clientId)
                .streamsProperty(
                        StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG),
                        String.valueOf(SESSION_TIMEOUT.toMillis()))
                .streamsProperty(
                        StreamsConfig.consumerPrefix(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG),
                        String.valueOf(HEARTBEAT_INTERVAL.toMillis()))
                .streamsProperty(
                        StreamsConfig.producerPrefix(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG),
                        String.valueOf(TRANSACTION_TIMEOUT.toMillis()))
                .streamsProperty(StreamsConfig.ACCEPTABLE_RECOVERY_LAG_CONFIG, String.valueOf(ACCEPTABLE_RECOVERY_LAG));
    }
}
