package io.carillon.topics.events;

/** What happened to an incident: each opens once, may be updated, and resolves once. */
public enum IncidentAction {
    OPENED,
    UPDATED,
    RESOLVED
}
