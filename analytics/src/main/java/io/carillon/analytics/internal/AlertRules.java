package io.carillon.analytics.internal;

import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.JobDefinition;

/**
 * The monitor rules that apply to one job: each field from its own {@code alerting} block, else its app's defaults,
 * else the global defaults, else the analytics app's settings, else the built-in ones ({@link Alerting#builtIn()});
 * see {@link RuleDefaults}.
 */
record AlertRules(
        boolean failed,
        int consecutive,
        int recoverAfter,
        boolean missed,
        long startGraceMs,
        boolean noWorker,
        long noWorkerGraceMs,
        boolean overrun,
        long maxRuntimeMs,
        boolean slow,
        double slowFactor,
        boolean failureRate,
        int failureRatePercent,
        long failureRateWindowMs,
        int failureRateMinRuns) {

    static AlertRules of(JobDefinition job, RuleDefaults defaults) {
        Alerting own = job == null || job.alerting() == null ? Alerting.unset() : job.alerting();
        Alerting rules = own.orElse(defaults.of(job == null ? null : job.app()));
        return new AlertRules(
                rules.failed(),
                rules.consecutive(),
                rules.recoverAfter(),
                rules.missed(),
                rules.startGraceMs(),
                rules.noWorker(),
                rules.noWorkerGraceMs(),
                rules.overrun(),
                rules.maxRuntimeMs(),
                rules.slow(),
                rules.slowFactor(),
                rules.failureRate(),
                rules.failureRatePercent(),
                rules.failureRateWindowMs(),
                rules.failureRateMinRuns());
    }
}
