package io.carillon.console.internal.declarations;

import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.DeadLetters;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.AppDeclarations;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.BatchMessageListener;
import org.springframework.stereotype.Component;

/**
 * Hands each record of the {@code declarations} topic to the {@link DeclarationReconciler}, in order. A record that
 * is not a valid AppDeclarations (not JSON, no app or app version, a key that is not its app, too many jobs, workflows, calendars or limits) goes to
 * the dlq with the reason; a tombstone changes nothing. Offsets are committed after the batch, and applying a set
 * again changes nothing, so a redelivery is harmless. Called by one container thread at a time.
 */
@Component
class DeclarationListener implements BatchMessageListener<String, byte[]> {

    private static final Logger log = LoggerFactory.getLogger(DeclarationListener.class);
    /** The longest app version accepted, as the worker enforces it. */
    private static final int MAX_APP_VERSION_LENGTH = 100;

    private final DeclarationReconciler reconciler;
    private final DeadLetters deadLetters;
    private final ConsoleProducer producer;

    DeclarationListener(DeclarationReconciler reconciler, DeadLetters deadLetters, ConsoleProducer producer) {
        this.reconciler = reconciler;
        this.deadLetters = deadLetters;
        this.producer = producer;
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records) {
        List<CompletableFuture<RecordMetadata>> letters = new ArrayList<>();
        for (ConsumerRecord<String, byte[]> record : records) {
            if (record.value() == null) {
                continue;
            }
            try {
                reconciler.reconcile(parse(record));
            } catch (InvalidEventException e) {
                log.warn(
                        "dead-lettering {}-{}@{}: {}",
                        record.topic(),
                        record.partition(),
                        record.offset(),
                        e.getMessage());
                letters.add(deadLetters.send(record, e.getMessage()));
            }
        }
        producer.awaitAll(letters);
    }

    private static AppDeclarations parse(ConsumerRecord<String, byte[]> record) {
        AppDeclarations declared = EventSerdes.DECLARATIONS.deserialize(record.topic(), record.value());
        if (!TopicCatalog.isValidAppName(declared.app())) {
            throw new InvalidEventException("field 'app' is missing or not a valid app name: " + declared.app());
        }
        if (!declared.app().equals(record.key())) {
            throw new InvalidEventException(
                    "the key '" + record.key() + "' is not the record's app '" + declared.app() + "'");
        }
        if (declared.appVersion() == null
                || declared.appVersion().isBlank()
                || declared.appVersion().length() > MAX_APP_VERSION_LENGTH) {
            throw new InvalidEventException(
                    "field 'appVersion' must be 1 to " + MAX_APP_VERSION_LENGTH + " characters");
        }
        requireAtMost("jobs", declared.jobs().size(), AppDeclarations.MAX_JOBS);
        requireAtMost("workflows", declared.workflows().size(), AppDeclarations.MAX_WORKFLOWS);
        requireAtMost("calendars", declared.calendars().size(), AppDeclarations.MAX_CALENDARS);
        requireAtMost("limits", declared.limits().size(), AppDeclarations.MAX_LIMITS);
        return declared;
    }

    private static void requireAtMost(String field, int count, int max) {
        if (count > max) {
            throw new InvalidEventException(
                    "field '" + field + "' declares " + count + " " + field + "; at most " + max + " are accepted");
        }
    }
}
