package io.carillon.worker.spring;

import java.util.List;

/**
 * A job declared, or a {@link io.carillon.worker.DeclaredJob @DeclaredJob} overridden, through configuration:
 * {@code carillon.worker.jobs.<id>.*}. Each field has the meaning and the text form of the annotation attribute of
 * the same name; a field left unset keeps the annotation's value. A job declared only here names its
 * {@code handler}, one of this app's handlers.
 */
public class DeclaredJobProperties extends DeclaredScheduleProperties {

    /** The handler the job runs; required for a job declared only in configuration. */
    private String handler;

    /** The concurrency limit the job's runs take: {@code concurrency.limit} and {@code concurrency.when-busy}. */
    private final DeclaredConcurrency concurrency = new DeclaredConcurrency();

    private String params;
    private String routing;
    private List<String> pinnedInstances;
    private String timeout;
    private String retryAttempts;
    private String retryBackoff;
    private String retryMultiplier;
    private String retryMaxBackoff;
    private String pauseAfterFailures;
    private List<String> children;
    private String jitter;
    private String atMostOnce;
    private String alertFailed;
    private String alertConsecutive;
    private String alertRecoverAfter;
    private String alertMissed;
    private String alertStartGrace;
    private String alertNoWorker;
    private String alertNoWorkerGrace;
    private String alertOverrun;
    private String alertMaxRuntime;
    private String alertSlow;
    private String alertSlowFactor;
    private String alertFailureRate;
    private String alertFailureRatePercent;
    private String alertFailureRateWindow;
    private String alertFailureRateMinRuns;

    public String getHandler() {
        return handler;
    }

    public void setHandler(String handler) {
        this.handler = handler;
    }

    public String getParams() {
        return params;
    }

    public void setParams(String params) {
        this.params = params;
    }

    public String getRouting() {
        return routing;
    }

    public void setRouting(String routing) {
        this.routing = routing;
    }

    public List<String> getPinnedInstances() {
        return pinnedInstances;
    }

    public void setPinnedInstances(List<String> pinnedInstances) {
        this.pinnedInstances = pinnedInstances;
    }

    public String getTimeout() {
        return timeout;
    }

    public void setTimeout(String timeout) {
        this.timeout = timeout;
    }

    public String getRetryAttempts() {
        return retryAttempts;
    }

    public void setRetryAttempts(String retryAttempts) {
        this.retryAttempts = retryAttempts;
    }

    public String getRetryBackoff() {
        return retryBackoff;
    }

    public void setRetryBackoff(String retryBackoff) {
        this.retryBackoff = retryBackoff;
    }

    public String getRetryMultiplier() {
        return retryMultiplier;
    }

    public void setRetryMultiplier(String retryMultiplier) {
        this.retryMultiplier = retryMultiplier;
    }

    public String getRetryMaxBackoff() {
        return retryMaxBackoff;
    }

    public void setRetryMaxBackoff(String retryMaxBackoff) {
        this.retryMaxBackoff = retryMaxBackoff;
    }

    public List<String> getChildren() {
        return children;
    }

    public void setChildren(List<String> children) {
        this.children = children;
    }

    public String getJitter() {
        return jitter;
    }

    public void setJitter(String jitter) {
        this.jitter = jitter;
    }

    public String getAtMostOnce() {
        return atMostOnce;
    }

    public void setAtMostOnce(String atMostOnce) {
        this.atMostOnce = atMostOnce;
    }

    public String getAlertFailed() {
        return alertFailed;
    }

    public void setAlertFailed(String alertFailed) {
        this.alertFailed = alertFailed;
    }

    public String getAlertConsecutive() {
        return alertConsecutive;
    }

    public void setAlertConsecutive(String alertConsecutive) {
        this.alertConsecutive = alertConsecutive;
    }

    public String getAlertRecoverAfter() {
        return alertRecoverAfter;
    }

    public void setAlertRecoverAfter(String alertRecoverAfter) {
        this.alertRecoverAfter = alertRecoverAfter;
    }

    public String getAlertMissed() {
        return alertMissed;
    }

    public void setAlertMissed(String alertMissed) {
        this.alertMissed = alertMissed;
    }

    public String getAlertStartGrace() {
        return alertStartGrace;
    }

    public void setAlertStartGrace(String alertStartGrace) {
        this.alertStartGrace = alertStartGrace;
    }

    public String getAlertNoWorker() {
        return alertNoWorker;
    }

    public void setAlertNoWorker(String alertNoWorker) {
        this.alertNoWorker = alertNoWorker;
    }

    public String getAlertNoWorkerGrace() {
        return alertNoWorkerGrace;
    }

    public void setAlertNoWorkerGrace(String alertNoWorkerGrace) {
        this.alertNoWorkerGrace = alertNoWorkerGrace;
    }

    public String getAlertOverrun() {
        return alertOverrun;
    }

    public void setAlertOverrun(String alertOverrun) {
        this.alertOverrun = alertOverrun;
    }

    public String getAlertMaxRuntime() {
        return alertMaxRuntime;
    }

    public void setAlertMaxRuntime(String alertMaxRuntime) {
        this.alertMaxRuntime = alertMaxRuntime;
    }

    public String getAlertSlow() {
        return alertSlow;
    }

    public void setAlertSlow(String alertSlow) {
        this.alertSlow = alertSlow;
    }

    public String getAlertSlowFactor() {
        return alertSlowFactor;
    }

    public void setAlertSlowFactor(String alertSlowFactor) {
        this.alertSlowFactor = alertSlowFactor;
    }

    public String getAlertFailureRate() {
        return alertFailureRate;
    }

    public void setAlertFailureRate(String alertFailureRate) {
        this.alertFailureRate = alertFailureRate;
    }

    public String getAlertFailureRatePercent() {
        return alertFailureRatePercent;
    }

    public void setAlertFailureRatePercent(String alertFailureRatePercent) {
        this.alertFailureRatePercent = alertFailureRatePercent;
    }

    public String getAlertFailureRateWindow() {
        return alertFailureRateWindow;
    }

    public void setAlertFailureRateWindow(String alertFailureRateWindow) {
        this.alertFailureRateWindow = alertFailureRateWindow;
    }

    public String getAlertFailureRateMinRuns() {
        return alertFailureRateMinRuns;
    }

    public void setAlertFailureRateMinRuns(String alertFailureRateMinRuns) {
        this.alertFailureRateMinRuns = alertFailureRateMinRuns;
    }

    public String getPauseAfterFailures() {
        return pauseAfterFailures;
    }

    public void setPauseAfterFailures(String pauseAfterFailures) {
        this.pauseAfterFailures = pauseAfterFailures;
    }

    public DeclaredConcurrency getConcurrency() {
        return concurrency;
    }

    /** {@code concurrency.limit}, as the annotation's {@code concurrencyLimit}. */
    public String getConcurrencyLimit() {
        return concurrency.getLimit();
    }

    /** {@code concurrency.when-busy}, as the annotation's {@code concurrencyWhenBusy}. */
    public String getConcurrencyWhenBusy() {
        return concurrency.getWhenBusy();
    }

    /** A declared job's share of a concurrency limit: the limit's id and WAIT, SKIP or FAIL when it is fully held. */
    public static class DeclaredConcurrency {

        private String limit;
        private String whenBusy;

        public String getLimit() {
            return limit;
        }

        public void setLimit(String limit) {
            this.limit = limit;
        }

        public String getWhenBusy() {
            return whenBusy;
        }

        public void setWhenBusy(String whenBusy) {
            this.whenBusy = whenBusy;
        }
    }
}
