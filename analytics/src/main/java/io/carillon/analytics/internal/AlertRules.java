package io.carillon.analytics.internal;

import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.JobDefinition;

/**
 * The monitor rules that apply to one job: its own {@code alerting} fields, then the app's defaults, then the
 * built-in ones ({@link Alerting#builtIn()}).
 */
record AlertRules(boolean failed, int consecutive, int recoverAfter, boolean missed, long startGraceMs,
        boolean noWorker, long noWorkerGraceMs) {

    static AlertRules of(JobDefinition job, Alerting defaults) {
        Alerting own = job == null || job.alerting() == null ? Alerting.unset() : job.alerting();
        Alerting rules = own.orElse(defaults).orElse(Alerting.builtIn());
        return new AlertRules(rules.failed(), rules.consecutive(), rules.recoverAfter(), rules.missed(),
                rules.startGraceMs(), rules.noWorker(), rules.noWorkerGraceMs());
    }
}
