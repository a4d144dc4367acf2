package io.carillon.analytics.spring;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;

import io.carillon.analytics.AnalyticsSettings;
import io.carillon.topics.events.Alerting;

/** Settings of the analytics app under {@code carillon.analytics.*}; Kafka and topics come from {@code carillon.*}. */
@ConfigurationProperties("carillon.analytics")
public class AnalyticsProperties {

    /** Whether this application runs the analytics app. */
    private boolean enabled = true;
    /**
     * Kafka Streams application id: instances with the same id share the jobs' partitions (default the topic prefix
     * followed by {@code analytics}, e.g. {@code carillon.analytics}).
     */
    private String applicationId;
    /** Directory of the local state stores (default {@code ${java.io.tmpdir}/carillon-analytics}). */
    private Path stateDir = Path.of(System.getProperty("java.io.tmpdir"), "carillon-analytics");
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
    /** Standby replicas of each state store, for faster fail-over. */
    private int standbyReplicas = 0;
    /** Extra Kafka Streams or client properties, applied over the app's own. */
    private Map<String, String> streams = new LinkedHashMap<>();

    public boolean isEnabled() { return enabled; }
    public void setEnabled(boolean enabled) { this.enabled = enabled; }
    public String getApplicationId() { return applicationId; }
    public void setApplicationId(String applicationId) { this.applicationId = applicationId; }
    public Path getStateDir() { return stateDir; }
    public void setStateDir(Path stateDir) { this.stateDir = stateDir; }
    public Duration getPunctuateInterval() { return punctuateInterval; }
    public void setPunctuateInterval(Duration punctuateInterval) { this.punctuateInterval = punctuateInterval; }
    public Duration getWindowGrace() { return windowGrace; }
    public void setWindowGrace(Duration windowGrace) { this.windowGrace = windowGrace; }
    public Duration getAppWindowDelay() { return appWindowDelay; }
    public void setAppWindowDelay(Duration appWindowDelay) { this.appWindowDelay = appWindowDelay; }
    public boolean isResultsFromStart() { return resultsFromStart; }
    public void setResultsFromStart(boolean resultsFromStart) { this.resultsFromStart = resultsFromStart; }
    public Alerting getAlerting() { return alerting; }
    public void setAlerting(Alerting alerting) { this.alerting = alerting; }
    public int getStandbyReplicas() { return standbyReplicas; }
    public void setStandbyReplicas(int standbyReplicas) { this.standbyReplicas = standbyReplicas; }
    public Map<String, String> getStreams() { return streams; }
    public void setStreams(Map<String, String> streams) { this.streams = streams; }
}
