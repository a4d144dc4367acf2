package io.carillon.analytics.spring;

import io.carillon.analytics.AnalyticsSettings;
import io.carillon.streams.spring.StreamsAppProperties;
import io.carillon.topics.events.Alerting;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the analytics app under {@code carillon.analytics.*}: those of every Kafka Streams app
 * ({@link StreamsAppProperties}: {@code enabled}, {@code application-id}, {@code state-dir} (default
 * {@code ${java.io.tmpdir}/carillon-analytics}), {@code standby-replicas}, {@code streams.*}) and the app's own.
 * Kafka and topics come from {@code carillon.*}.
 */
@ConfigurationProperties("carillon.analytics")
public class AnalyticsProperties extends StreamsAppProperties {

    /** How often windows are closed and scheduled instants judged (default 1s). */
    private Duration punctuateInterval = AnalyticsSettings.DEFAULT_PUNCTUATE_INTERVAL;
    /** How long after a minute or hour ends a result still counts in it (default 3s). */
    private Duration windowGrace = AnalyticsSettings.DEFAULT_WINDOW_GRACE;
    /** How much longer an app's window waits for its jobs' windows (default 2s). */
    private Duration appWindowDelay = AnalyticsSettings.DEFAULT_APP_WINDOW_DELAY;
    /** Whether a new application id reads the results topic from the beginning rather than from the end. */
    private boolean resultsFromStart = false;
    /**
     * The monitor rules of every job that leaves a field of its alerting block out and whose app's and the global
     * defaults (the alert-rules topic) leave it out too (failed, consecutive, recover-after, missed, start-grace-ms,
     * no-worker, no-worker-grace-ms, overrun, max-runtime-ms, slow, slow-factor, failure-rate, failure-rate-percent,
     * failure-rate-window-ms, failure-rate-min-runs); unset fields: the built-in rules (failed, missed and no-worker
     * on, the others off).
     */
    private Alerting alerting = Alerting.unset();

    public AnalyticsProperties() {
        super("analytics");
    }

    public Duration getPunctuateInterval() {
        return punctuateInterval;
    }

    public void setPunctuateInterval(Duration punctuateInterval) {
        this.punctuateInterval = punctuateInterval;
    }

    public Duration getWindowGrace() {
        return windowGrace;
    }

    public void setWindowGrace(Duration windowGrace) {
        this.windowGrace = windowGrace;
    }

    public Duration getAppWindowDelay() {
        return appWindowDelay;
    }

    public void setAppWindowDelay(Duration appWindowDelay) {
        this.appWindowDelay = appWindowDelay;
    }

    public boolean isResultsFromStart() {
        return resultsFromStart;
    }

    public void setResultsFromStart(boolean resultsFromStart) {
        this.resultsFromStart = resultsFromStart;
    }

    public Alerting getAlerting() {
        return alerting;
    }

    public void setAlerting(Alerting alerting) {
        this.alerting = alerting;
    }
}
