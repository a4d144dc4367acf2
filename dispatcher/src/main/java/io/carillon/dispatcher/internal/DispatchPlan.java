package io.carillon.dispatcher.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * What one loop iteration commits in one transaction: the records to produce (values are Carillon events) and the
 * {@code fires} offsets to commit.
 */
public record DispatchPlan(
        List<ProducerRecord<String, Object>> records, Map<TopicPartition, OffsetAndMetadata> offsets) {

    public DispatchPlan {
        records = List.copyOf(records);
        offsets = Map.copyOf(offsets);
    }

    public boolean isEmpty() {
        return records.isEmpty() && offsets.isEmpty();
    }

    /** This plan with {@code more} records produced as well. */
    public DispatchPlan plus(List<ProducerRecord<String, Object>> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<ProducerRecord<String, Object>> all = new ArrayList<>(records);
        all.addAll(more);
        return new DispatchPlan(all, offsets);
    }
}
