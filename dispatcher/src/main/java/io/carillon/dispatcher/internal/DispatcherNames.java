package io.carillon.dispatcher.internal;

import io.carillon.dispatcher.Dispatcher;
import io.carillon.topics.TopicCatalog;
import java.util.Objects;
import java.util.UUID;

/** The names a dispatcher instance goes by in Kafka: its consumer group and its producer's transactional id. */
public record DispatcherNames(String groupId, String transactionalId) {

    /**
     * The group is {@code groupId}, or without one the catalog's prefix followed by
     * {@link Dispatcher#DEFAULT_GROUP_SUFFIX}; the transactional id is {@code transactionalIdPrefix} followed by
     * {@code instanceId}, or without one by a random UUID, so that each instance without a name has its own.
     *
     * @throws NullPointerException without a catalog or a transactional id prefix
     */
    public static DispatcherNames of(
            TopicCatalog catalog, String groupId, String transactionalIdPrefix, String instanceId) {
        Objects.requireNonNull(catalog, "catalog is required");
        String group = groupId != null ? groupId : catalog.prefix() + Dispatcher.DEFAULT_GROUP_SUFFIX;
        Objects.requireNonNull(transactionalIdPrefix, "transactionalIdPrefix is required");
        return new DispatcherNames(
                group, transactionalIdPrefix + (instanceId != null ? instanceId : UUID.randomUUID()));
    }
}
