package io.carillon.worker.spring;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the Carillon worker in this service ({@code carillon.worker.*}). Defaults match
 * {@link io.carillon.worker.CarillonWorker.Builder}.
 */
@ConfigurationProperties("carillon.worker")
public class CarillonWorkerProperties {

    /**
     * Whether to run a worker. When not set, setting carillon.worker.app is enough to turn it on; false turns it off
     * even when an app is set. Enabling it without an app fails at start-up.
     */
    private Boolean enabled;

    /**
     * The worker app this service belongs to: jobs name it, and it names the trigger topic and the consumer group.
     * 1 to 100 characters of a-z, 0-9, '.', '_' or '-', starting with a letter or digit.
     */
    private String app;

    /** A stable name of this instance, for pinned routing and the console. Defaults to host name and pid. */
    private String instanceId;

    /** How many runs may execute at once on this instance. */
    private int capacity = 16;

    /**
     * How many runs whose trigger came before its due instant (the dispatcher's trigger lead) may wait for it at once
     * on this instance; they hold no run slot while they wait.
     */
    private int maxEarlyRuns = io.carillon.worker.CarillonWorker.DEFAULT_MAX_EARLY_RUNS;

    /** How often this instance publishes a heartbeat. */
    private Duration heartbeatInterval = Duration.ofSeconds(1);

    /** How long shutdown lets running runs finish before they are interrupted and reported KILLED. */
    private Duration shutdownGrace = Duration.ofSeconds(30);

    /** Whether the worker starts with the application context. */
    private boolean autoStartup = true;

    /**
     * The version of this app that its declared jobs carry; the console keeps the jobs of an app's newest version
     * (compared numerically per dotted segment). Defaults to the build-info version, then spring.application.version
     * (the jar's Implementation-Version), else "0".
     */
    private String appVersion;

    /**
     * Jobs declared in configuration, by job id, and overrides of the attributes of @DeclaredJob annotations of the
     * same id.
     */
    private Map<String, DeclaredJobProperties> jobs = new LinkedHashMap<>();

    /** Workflows declared in configuration, by workflow id; their inline nodes run this app's handlers. */
    private Map<String, DeclaredWorkflowProperties> workflows = new LinkedHashMap<>();

    /** Calendars declared in configuration, by calendar id; any app's schedules may refer to them. */
    private Map<String, DeclaredCalendarProperties> calendars = new LinkedHashMap<>();

    /** Concurrency limits declared in configuration, by limit id; any app's jobs may take them. */
    private Map<String, DeclaredLimitProperties> limits = new LinkedHashMap<>();

    public Boolean getEnabled() {
        return enabled;
    }

    public void setEnabled(Boolean enabled) {
        this.enabled = enabled;
    }

    public String getApp() {
        return app;
    }

    public void setApp(String app) {
        this.app = app;
    }

    public String getInstanceId() {
        return instanceId;
    }

    public void setInstanceId(String instanceId) {
        this.instanceId = instanceId;
    }

    public int getCapacity() {
        return capacity;
    }

    public void setCapacity(int capacity) {
        this.capacity = capacity;
    }

    public int getMaxEarlyRuns() {
        return maxEarlyRuns;
    }

    public void setMaxEarlyRuns(int maxEarlyRuns) {
        this.maxEarlyRuns = maxEarlyRuns;
    }

    public Duration getHeartbeatInterval() {
        return heartbeatInterval;
    }

    public void setHeartbeatInterval(Duration heartbeatInterval) {
        this.heartbeatInterval = heartbeatInterval;
    }

    public Duration getShutdownGrace() {
        return shutdownGrace;
    }

    public void setShutdownGrace(Duration shutdownGrace) {
        this.shutdownGrace = shutdownGrace;
    }

    public boolean isAutoStartup() {
        return autoStartup;
    }

    public void setAutoStartup(boolean autoStartup) {
        this.autoStartup = autoStartup;
    }

    public String getAppVersion() {
        return appVersion;
    }

    public void setAppVersion(String appVersion) {
        this.appVersion = appVersion;
    }

    public Map<String, DeclaredWorkflowProperties> getWorkflows() {
        return workflows;
    }

    public void setWorkflows(Map<String, DeclaredWorkflowProperties> workflows) {
        this.workflows = workflows;
    }

    public Map<String, DeclaredCalendarProperties> getCalendars() {
        return calendars;
    }

    public void setCalendars(Map<String, DeclaredCalendarProperties> calendars) {
        this.calendars = calendars;
    }

    public Map<String, DeclaredLimitProperties> getLimits() {
        return limits;
    }

    public void setLimits(Map<String, DeclaredLimitProperties> limits) {
        this.limits = limits;
    }

    public Map<String, DeclaredJobProperties> getJobs() {
        return jobs;
    }

    public void setJobs(Map<String, DeclaredJobProperties> jobs) {
        this.jobs = jobs;
    }
}
