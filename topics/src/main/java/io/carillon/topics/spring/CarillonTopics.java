package io.carillon.topics.spring;

import io.carillon.topics.TopicCatalog;

/**
 * The topic catalog, available once the core topics exist (when initialization is on). Components that read or
 * write topics depend on this bean rather than on the bare catalog, so they start after the topics are there.
 */
public record CarillonTopics(TopicCatalog catalog, String bootstrapServers) {
}
