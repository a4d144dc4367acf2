package io.carillon.test;

import io.carillon.topics.TopicCatalog;
import io.carillon.worker.CarillonWorker;
import java.util.concurrent.CountDownLatch;

/**
 * A worker in a JVM of its own, for a test that kills it: {@code main(bootstrapServers, prefix, partitions, app,
 * instanceId, handler)} starts a worker of {@code app} whose {@code handler} never returns, so a run holds its
 * concurrency slot until the process dies.
 */
final class SlotHoldingWorker {

    private SlotHoldingWorker() {}

    public static void main(String[] args) throws InterruptedException {
        CountDownLatch never = new CountDownLatch(1);
        CarillonWorker worker = CarillonWorker.builder()
                .bootstrapServers(args[0])
                .catalog(new TopicCatalog(args[1], Integer.parseInt(args[2]), (short) 1))
                .app(args[3])
                .instanceId(args[4])
                .handler(args[5], context -> {
                    never.await();
                    return null;
                })
                .build();
        worker.start();
        never.await();
    }
}
