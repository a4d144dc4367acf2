package io.carillon.topics.events;

/** What a {@link RunStats} record counts: one job's runs, or all runs of one app. */
public enum StatsScope {
    JOB,
    APP
}
