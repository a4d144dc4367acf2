package io.carillon.console.internal.alerting;

import io.carillon.topics.events.Alerting;
import java.time.Instant;

/**
 * The alerting defaults of one scope ({@code *} for every app, or an app): the fields set there ({@code rules}), what
 * a job that sets nothing itself gets from them ({@code effective}: the scope's fields, then the global ones, then
 * the built-in ones; the analytics app's own {@code carillon.analytics.alerting.*} settings, when set, sit between
 * the global and the built-in ones), and who set them when ({@code updatedAt}, {@code updatedBy}: null when never).
 */
record AlertRulesView(String scope, Alerting rules, Alerting effective, Instant updatedAt, String updatedBy) {}
