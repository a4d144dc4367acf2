package io.carillon.console.internal.outbox;

import io.carillon.console.internal.kafka.ConsoleKafkaProperties;
import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.outbox.OutboxRepository.OutboxAppended;
import io.carillon.console.internal.outbox.OutboxRepository.OutboxRow;
import io.carillon.console.internal.support.IdleBackoff;
import io.carillon.console.internal.support.PeriodicPass;
import io.carillon.console.internal.support.PeriodicTask;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.spring.CarillonTopics;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.event.TransactionalEventListener;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Publishes the {@code job_outbox} to the {@code jobs} topic: at every pass one thread takes the relay's advisory lock (so one relay works at a time across console instances), sends the
 * unpublished rows in seq order (key job id, value the definition or a tombstone), waits for every acknowledgement
 * and only then marks the rows published, all in one database transaction. A failure rolls the marks back and the
 * rows go out again on the next pass: delivery is at least once, and the last record of each job on the topic is
 * always its latest change, because writes to one job lock its row and so append to the outbox in commit order.
 * Passes are {@code carillon.console.outbox.poll-interval} apart while there are changes; with none, the pause grows
 * to {@code max-poll-interval} ({@link IdleBackoff}), and a change committed through this console wakes the relay at
 * once ({@link OutboxAppended}). A failing pass (database or Kafka down) is logged once and retried after every pause
 * until it succeeds.
 */
@Component
public class OutboxRelay extends PeriodicTask {

    private final boolean wakeOnChange;
    private final OutboxRepository outbox;
    private final TransactionTemplate transactions;
    private final ConsoleProducer producer;
    private final CarillonTopics topics;
    private final Clock clock;
    private final int batchSize;
    private final IdleBackoff backoff;
    private final PeriodicPass passes;

    public OutboxRelay(
            OutboxRepository outbox,
            PlatformTransactionManager transactionManager,
            ConsoleProducer producer,
            CarillonTopics topics,
            Clock clock,
            OutboxProperties outboxProperties,
            ConsoleKafkaProperties kafkaProperties) {
        this.outbox = outbox;
        this.transactions = new TransactionTemplate(transactionManager);
        this.producer = producer;
        this.topics = topics;
        this.clock = clock;
        this.batchSize = outboxProperties.getBatchSize();
        this.wakeOnChange = outboxProperties.isWakeOnChange();
        Duration poll = outboxProperties.getPollInterval();
        Duration longest = outboxProperties.getMaxPollInterval();
        this.backoff = new IdleBackoff(clock, poll, longest.compareTo(poll) < 0 ? poll : longest);
        this.passes = runAfter("outbox-relay", backoff::delay, kafkaProperties.getSendTimeout(), this::relayPass);
    }

    /** After the commit of a transaction that appended to the outbox: the next pass runs now, unless told not to. */
    @TransactionalEventListener
    public void onAppended(OutboxAppended appended) {
        if (wakeOnChange) {
            backoff.worked();
            passes.wake();
        }
    }

    /**
     * Runs one relay pass now, after the pass in progress if any, and waits for it: when it returns, every row
     * committed before the call is published, unless Kafka failed or another console instance holds the relay lock.
     */
    public void flush() {
        passes.runNow();
    }

    /**
     * Publishes every unpublished row this relay can see now, batch by batch, unless another relay holds the lock.
     * Called by the relay thread; safe to call from others (the lock serializes them).
     *
     * @return how many rows were published
     */
    public int relayPending() {
        int total = 0;
        int published;
        do {
            published = transactions.execute(status -> relayBatch());
            total += published;
        } while (published == batchSize);
        return total;
    }

    private void relayPass() {
        if (relayPending() > 0) {
            backoff.worked();
        }
    }

    private int relayBatch() {
        if (!outbox.tryLockRelay()) {
            return 0;
        }
        List<OutboxRow> rows = outbox.unpublished(batchSize);
        if (rows.isEmpty()) {
            return 0;
        }
        List<CompletableFuture<RecordMetadata>> sends =
                rows.stream().map(this::send).toList();
        producer.awaitAll(sends);
        outbox.markPublished(rows.stream().map(OutboxRow::seq).toList(), clock.instant());
        return rows.size();
    }

    private CompletableFuture<RecordMetadata> send(OutboxRow row) {
        String topic = topics.catalog().jobs();
        byte[] value =
                row.payload() == null ? null : EventSerdes.JOB.serialize(topic, EventSerdes.JOB.parse(row.payload()));
        return producer.send(topic, row.jobId(), value);
    }
}
