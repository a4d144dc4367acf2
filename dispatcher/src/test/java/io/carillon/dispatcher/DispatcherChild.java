package io.carillon.dispatcher;

import io.carillon.topics.TopicCatalog;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * A dispatcher in a JVM of its own, for tests that kill it abruptly. Arguments: bootstrap servers, topic prefix,
 * partitions, consumer group, and optionally an instance id and a session timeout in milliseconds. Runs until the
 * process is killed.
 */
public final class DispatcherChild {

    /** Short enough that the survivors take over within seconds of a kill. */
    static final Duration SESSION_TIMEOUT = Duration.ofSeconds(6);

    static final Duration TRANSACTION_TIMEOUT = Duration.ofSeconds(3);

    private DispatcherChild() {}

    public static void main(String[] args) throws InterruptedException {
        Dispatcher.Builder builder = configure(
                Dispatcher.builder(),
                args[0],
                new TopicCatalog(args[1], Integer.parseInt(args[2]), (short) 1),
                args[3]);
        if (args.length > 4) {
            builder.instanceId(args[4]).clientProperty("session.timeout.ms", Integer.parseInt(args[5]));
        }
        Dispatcher dispatcher = builder.build();
        dispatcher.start();
        new CountDownLatch(1).await();
    }

    /** The settings every dispatcher of the kill test uses, in the child and in the test's JVM. */
    static Dispatcher.Builder configure(
            Dispatcher.Builder builder, String bootstrapServers, TopicCatalog catalog, String groupId) {
        return builder.bootstrapServers(bootstrapServers)
                .catalog(catalog)
                .clock(Clock.systemUTC())
                .groupId(groupId)
                .transactionTimeout(TRANSACTION_TIMEOUT)
                .clientProperty("session.timeout.ms", (int) SESSION_TIMEOUT.toMillis())
                .clientProperty("heartbeat.interval.ms", 500);
    }
}
