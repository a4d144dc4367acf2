package io.carillon.topics.events;

/** A command to workers on the control topic. */
public enum ControlType {
    KILL
}
