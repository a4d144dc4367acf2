package io.carillon.console.internal.incidents;

import io.carillon.console.internal.incidents.DeliveryRepository.DueDelivery;
import io.carillon.console.internal.support.IdleBackoff;
import io.carillon.console.internal.support.PeriodicPass;
import io.carillon.console.internal.support.PeriodicTask;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.event.TransactionalEventListener;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Sends the {@code deliveries} outbox: at every pass one thread takes the sender's advisory lock (so one console
 * instance sends at a time), sends the deliveries due by the injected clock, at most {@code batch-size} per
 * transaction, and marks each SENT, or PENDING again after the back-off of {@link RetrySchedule}, or FAILED after the
 * last attempt, in the same transaction. A crash after a send and before the commit sends that notification again:
 * delivery is at least once. Passes are {@code carillon.console.notifications.poll-interval} apart while there is
 * work; with none, the pause grows to {@code max-poll-interval} ({@link IdleBackoff}), so a retry may go out that
 * much after its back-off, and deliveries added by this console wake the sender at once
 * ({@link DeliveryRepository.DeliveriesAdded}). A failing pass (database down) is logged once and retried after
 * every pause.
 */
@Component
class DeliverySender extends PeriodicTask {

    private static final Logger log = LoggerFactory.getLogger(DeliverySender.class);

    private final DeliveryRepository deliveries;
    private final TransactionTemplate transactions;
    private final List<ChannelNotifier> notifiers;
    private final RetrySchedule retries;
    private final Clock clock;
    private final int batchSize;
    private final ConsoleAddress consoleAddress;
    private final int maxMessageChars;
    private final IdleBackoff backoff;
    private final PeriodicPass passes;

    DeliverySender(
            DeliveryRepository deliveries,
            PlatformTransactionManager transactionManager,
            List<ChannelNotifier> notifiers,
            NotificationProperties settings,
            ConsoleAddress consoleAddress,
            Clock clock) {
        this.deliveries = deliveries;
        this.transactions = new TransactionTemplate(transactionManager);
        this.notifiers = List.copyOf(notifiers);
        this.retries = RetrySchedule.of(settings);
        this.clock = clock;
        this.batchSize = settings.getBatchSize();
        this.consoleAddress = consoleAddress;
        this.maxMessageChars = settings.getMaxMessageChars();
        Duration poll = settings.getPollInterval();
        Duration longest = settings.getMaxPollInterval();
        this.backoff = new IdleBackoff(clock, poll, longest.compareTo(poll) < 0 ? poll : longest);
        this.passes = runAfter(
                "notifications",
                backoff::delay,
                settings.getConnectTimeout().plus(settings.getReadTimeout()),
                this::sendPass);
    }

    /** After the commit of a transaction that added deliveries: the next pass runs now. */
    @TransactionalEventListener
    public void onAdded(DeliveryRepository.DeliveriesAdded added) {
        backoff.worked();
        passes.wake();
    }

    private void sendPass() {
        if (sendDue() > 0) {
            backoff.worked();
        }
    }

    /**
     * Sends every delivery due now, batch by batch, unless another sender holds the lock. Called by the sender
     * thread; safe to call from others (the lock serializes them).
     *
     * @return how many deliveries were attempted
     */
    public int sendDue() {
        int total = 0;
        int attempted;
        do {
            attempted = transactions.execute(status -> sendBatch());
            total += attempted;
        } while (attempted == batchSize);
        return total;
    }

    private int sendBatch() {
        if (!deliveries.tryLockSender()) {
            return 0;
        }
        List<DueDelivery> due = deliveries.due(clock.instant(), batchSize);
        for (DueDelivery delivery : due) {
            attempt(delivery);
        }
        return due.size();
    }

    private void attempt(DueDelivery delivery) {
        int attempts = delivery.attempts() + 1;
        Channel channel = delivery.channel();
        Notification notification =
                delivery.notification().linked(consoleAddress.url()).cut(maxMessageChars);
        try {
            notifierOf(channel.type()).send(notification, channel, clock.instant());
            deliveries.markSent(delivery.id(), attempts, clock.instant());
        } catch (DeliveryFailedException e) {
            if (retries.retries(attempts)) {
                Instant next = clock.instant().plus(retries.backoff(attempts));
                log.info(
                        "notification of incident {} ({}) to channel {} failed at attempt {}, next at {}: {}",
                        notification.incidentId(),
                        notification.action(),
                        channel.name(),
                        attempts,
                        next,
                        e.getMessage());
                deliveries.markRetry(delivery.id(), attempts, next, e.getMessage());
            } else {
                log.warn(
                        "notification of incident {} ({}) to channel {} failed after {} attempts: {}",
                        notification.incidentId(),
                        notification.action(),
                        channel.name(),
                        attempts,
                        e.getMessage());
                deliveries.markFailed(delivery.id(), attempts, e.getMessage());
            }
        }
    }

    private ChannelNotifier notifierOf(ChannelType type) throws DeliveryFailedException {
        for (ChannelNotifier notifier : notifiers) {
            if (notifier.handles(type)) {
                return notifier;
            }
        }
        throw new DeliveryFailedException("no notifier sends " + type + " channels");
    }
}
