package io.carillon.dispatcher.internal;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.TopicInitializer;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.KafkaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates each app's trigger topic the first time a fire of that app is dispatched, then reads its partition count
 * from the producer's metadata. Used from the dispatcher's thread only.
 */
public final class KafkaTriggerTopics implements TriggerTopics {

    private static final Logger log = LoggerFactory.getLogger(KafkaTriggerTopics.class);

    private final TopicCatalog catalog;
    private final Admin admin;
    private final Producer<String, ?> producer;
    private final Set<String> ensured = new HashSet<>();

    public KafkaTriggerTopics(TopicCatalog catalog, Admin admin, Producer<String, ?> producer) {
        this.catalog = catalog;
        this.admin = admin;
        this.producer = producer;
    }

    @Override
    public int partitionCount(String app) {
        String topic = catalog.trigger(app);
        try {
            if (!ensured.contains(topic)) {
                new TopicInitializer(admin).ensure(List.of(catalog.triggerTopic(app)));
                ensured.add(topic);
            }
            return producer.partitionsFor(topic).size();
        } catch (IllegalStateException | KafkaException e) {
            log.warn("cannot tell the partitions of {} now: {}", topic, e.getMessage());
            return 0;
        }
    }
}
