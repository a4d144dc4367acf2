package io.carillon.topics.events;

/** How the dispatcher picks the worker instance(s) for a fire. */
public enum RoutingStrategy {
    FIRST,
    LAST,
    ROUND_ROBIN,
    RANDOM,
    CONSISTENT_HASH,
    LEAST_FREQUENTLY_USED,
    LEAST_RECENTLY_USED,
    FAILOVER,
    BUSYOVER,
    SHARDING_BROADCAST
}
