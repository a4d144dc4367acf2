package io.carillon.console;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;

import io.carillon.console.internal.web.Limits;

/** Settings of the console ({@code carillon.console.*}); each field documents its default. */
@ConfigurationProperties("carillon.console")
public class ConsoleProperties {

    private final Outbox outbox = new Outbox();
    private final Materializer materializer = new Materializer();
    private final Kafka kafka = new Kafka();
    private final Api api = new Api();
    private final Login login = new Login();
    private final Oidc oidc = new Oidc();
    private final Incidents incidents = new Incidents();
    private final NotificationProperties notifications = new NotificationProperties();
    /** The console's address as its users reach it, for links in notifications. Default http://localhost:8080. */
    private String publicUrl = "http://localhost:8080";
    private final LogProperties logs = new LogProperties();
    private final RetentionProperties retention = new RetentionProperties();
    private final JobProperties jobs = new JobProperties();
    private final DashboardProperties dashboard = new DashboardProperties();
    private final DeclarationProperties declarations = new DeclarationProperties();
    private final Workers workers = new Workers();
    /**
     * Password of the {@code admin} user created at the first start (when the database has no user); also read from
     * the environment variable {@code CARILLON_ADMIN_PASSWORD}. Unset: a random password is generated and written to
     * {@link #initialAdminPasswordFile}. Ignored once any user exists.
     */
    private String adminPassword;
    /** Where a generated first-start password is written (mode 0600). Default {@code initial-admin-password}. */
    private String initialAdminPasswordFile = "initial-admin-password";

    public Outbox getOutbox() {
        return outbox;
    }

    public Materializer getMaterializer() {
        return materializer;
    }

    public Kafka getKafka() {
        return kafka;
    }

    public Api getApi() {
        return api;
    }

    public Login getLogin() {
        return login;
    }

    public JobProperties getJobs() {
        return jobs;
    }

    public DeclarationProperties getDeclarations() {
        return declarations;
    }

    public Oidc getOidc() {
        return oidc;
    }

    public Incidents getIncidents() {
        return incidents;
    }

    public NotificationProperties getNotifications() {
        return notifications;
    }

    public String getPublicUrl() { return publicUrl; }
    public void setPublicUrl(String publicUrl) { this.publicUrl = publicUrl; }

    public LogProperties getLogs() {
        return logs;
    }

    public DashboardProperties getDashboard() {
        return dashboard;
    }

    public RetentionProperties getRetention() {
        return retention;
    }

    public Workers getWorkers() {
        return workers;
    }

    public String getAdminPassword() { return adminPassword; }
    public void setAdminPassword(String adminPassword) { this.adminPassword = adminPassword; }
    public String getInitialAdminPasswordFile() { return initialAdminPasswordFile; }
    public void setInitialAdminPasswordFile(String initialAdminPasswordFile) {
        this.initialAdminPasswordFile = initialAdminPasswordFile;
    }

    /** Sign-in throttling, for the login page and HTTP Basic alike. */
    public static class Login {
        /** Failed sign-ins in a row that lock an account. Default 5. */
        private int maxFailures = 5;
        /** How long a locked account stays locked. Default 15 min. */
        private Duration lockDuration = Duration.ofMinutes(15);
        /** Failed sign-ins from one address within {@code address-window} after which it is refused. Default 20. */
        private int maxAddressFailures = 20;
        /** The window of {@code max-address-failures}. Default 5 min. */
        private Duration addressWindow = Duration.ofMinutes(5);

        public int getMaxFailures() { return maxFailures; }
        public void setMaxFailures(int maxFailures) { this.maxFailures = maxFailures; }
        public Duration getLockDuration() { return lockDuration; }
        public void setLockDuration(Duration lockDuration) { this.lockDuration = lockDuration; }
        public int getMaxAddressFailures() { return maxAddressFailures; }
        public void setMaxAddressFailures(int maxAddressFailures) { this.maxAddressFailures = maxAddressFailures; }
        public Duration getAddressWindow() { return addressWindow; }
        public void setAddressWindow(Duration addressWindow) { this.addressWindow = addressWindow; }
    }

    /**
     * Single sign-on through OpenID Connect, on when a Spring Security client registration exists
     * ({@code spring.security.oauth2.client.registration.<id>.*}). The user's grants come from a claim of the ID
     * token or user info whose values are grants ({@code OPERATOR:billing}) or group names mapped to grants.
     */
    public static class Oidc {
        /** The claim holding the user's grants or groups. Default {@code groups}. */
        private String grantsClaim = "groups";
        /** The claim naming the user. Default {@code preferred_username}. */
        private String userNameClaim = "preferred_username";
        /**
         * Grants of each group name found in the claim, e.g. {@code group-grants.billing-team=OPERATOR:billing}
         * (several separated by commas). Claim values of the form {@code ROLE:app} are grants themselves.
         */
        private Map<String, String> groupGrants = new LinkedHashMap<>();

        public String getGrantsClaim() { return grantsClaim; }
        public void setGrantsClaim(String grantsClaim) { this.grantsClaim = grantsClaim; }
        public String getUserNameClaim() { return userNameClaim; }
        public void setUserNameClaim(String userNameClaim) { this.userNameClaim = userNameClaim; }
        public Map<String, String> getGroupGrants() { return groupGrants; }
        public void setGroupGrants(Map<String, String> groupGrants) { this.groupGrants = groupGrants; }
    }

    /** The relay that publishes job changes from the {@code job_outbox} table to the {@code jobs} topic. */
    public static class Outbox {
        /** Pause between two relay passes over the outbox. Default 100 ms. */
        private Duration pollInterval = Duration.ofMillis(100);
        /** Most outbox rows published in one database transaction. Default 500. */
        private int batchSize = 500;

        public Duration getPollInterval() { return pollInterval; }
        public void setPollInterval(Duration pollInterval) { this.pollInterval = pollInterval; }
        public int getBatchSize() { return batchSize; }
        public void setBatchSize(int batchSize) { this.batchSize = batchSize; }
    }

    /** The consumer that writes the {@code results} topic into the {@code runs} table. */
    public static class Materializer {
        /** Consumer group of the materializer. Default: the topic prefix followed by {@code console}. */
        private String groupId;
        /** Consumer threads (each takes a share of the results partitions). Default 1. */
        private int concurrency = 1;
        /** Pause before a batch is retried after the database failed. Default 1 s. */
        private Duration retryBackoff = Duration.ofSeconds(1);
        /**
         * Most results in one poll, hence in one database transaction ({@code max.poll.records}). Default 5000:
         * a second of results at 2,500 runs/s in one transaction; the Kafka default, 500, means 40 transactions a
         * second at 10,000 runs/s.
         */
        private int maxPollRecords = 5000;
        /**
         * Bytes a fetch waits for before the broker answers ({@code fetch.min.bytes}), so that a busy topic is read
         * in large batches. Default 64 KiB, about 200 results.
         */
        private int fetchMinBytes = 64 * 1024;
        /**
         * Longest a fetch waits for {@code fetch-min-bytes} ({@code fetch.max.wait.ms}): the most a quiet console
         * adds to the time a run's status or a log line takes to appear. Default 100 ms.
         */
        private Duration fetchMaxWait = Duration.ofMillis(100);
        /**
         * How long a worker's claim on a run (a STARTED without a start time, written a moment before the run is
         * due) waits for the run's next result before it is written alone, so a short run is written once. Default
         * 1 s; 0 writes each claim at once.
         */
        private Duration claimHold = Duration.ofSeconds(1);

        public String getGroupId() { return groupId; }
        public void setGroupId(String groupId) { this.groupId = groupId; }
        public int getConcurrency() { return concurrency; }
        public void setConcurrency(int concurrency) { this.concurrency = concurrency; }
        public Duration getRetryBackoff() { return retryBackoff; }
        public void setRetryBackoff(Duration retryBackoff) { this.retryBackoff = retryBackoff; }
        public int getMaxPollRecords() { return maxPollRecords; }
        public void setMaxPollRecords(int maxPollRecords) { this.maxPollRecords = maxPollRecords; }
        public int getFetchMinBytes() { return fetchMinBytes; }
        public void setFetchMinBytes(int fetchMinBytes) { this.fetchMinBytes = fetchMinBytes; }
        public Duration getFetchMaxWait() { return fetchMaxWait; }
        public void setFetchMaxWait(Duration fetchMaxWait) { this.fetchMaxWait = fetchMaxWait; }
        public Duration getClaimHold() { return claimHold; }
        public void setClaimHold(Duration claimHold) { this.claimHold = claimHold; }
    }

    /** The console's Kafka producer (outbox relay, run-now requests, dead letters). */
    public static class Kafka {
        /** How long a send may wait for the broker's acknowledgement before it counts as failed. Default 30 s. */
        private Duration sendTimeout = Duration.ofSeconds(30);

        public Duration getSendTimeout() { return sendTimeout; }
        public void setSendTimeout(Duration sendTimeout) { this.sendTimeout = sendTimeout; }
    }

    /** The live worker registry the console keeps from the {@code workers} topic. */
    public static class Workers {
        /**
         * Heartbeat intervals an instance may miss before it is shown stale (and its handlers count as offered by no
         * live worker). Default 3, the dispatcher's rule: a stale instance gets no more runs.
         */
        private int staleAfterMissedBeats = 3;
        /** How long a stale instance (gone without a clean shutdown) is still listed before it is forgotten. Default 1 h. */
        private Duration forgetAfter = Duration.ofHours(1);
        /** Instances kept at most; past it the one heard from longest ago is forgotten. Default 10,000. */
        private int maxInstances = 10_000;
        /** Jobs listed per app by {@code GET /api/v1/apps} as offered by no live worker (all are counted). Default 100. */
        private int maxUnservedJobsListed = 100;

        public int getStaleAfterMissedBeats() { return staleAfterMissedBeats; }
        public void setStaleAfterMissedBeats(int staleAfterMissedBeats) { this.staleAfterMissedBeats = staleAfterMissedBeats; }
        public Duration getForgetAfter() { return forgetAfter; }
        public void setForgetAfter(Duration forgetAfter) { this.forgetAfter = forgetAfter; }
        public int getMaxInstances() { return maxInstances; }
        public void setMaxInstances(int maxInstances) { this.maxInstances = maxInstances; }
        public int getMaxUnservedJobsListed() { return maxUnservedJobsListed; }
        public void setMaxUnservedJobsListed(int maxUnservedJobsListed) { this.maxUnservedJobsListed = maxUnservedJobsListed; }
    }

    /** Limits of the REST API. */
    public static class Api {
        /** Runs returned by {@code GET /api/v1/jobs/{id}/runs} without {@code limit}. Default 50. */
        private int defaultRunLimit = 50;
        /** Largest accepted {@code limit} of the runs endpoint. Default 1000. */
        private int maxRunLimit = 1000;
        /** Fire times returned by the schedule preview without {@code count}. Default 10. */
        private int defaultPreviewCount = 10;
        /** Largest accepted {@code count} of the schedule preview. Default 100. */
        private int maxPreviewCount = 100;
        /** Largest request body; a larger one is answered 413. Default 1 MiB. */
        private long maxRequestBytes = 1024 * 1024;
        /** Largest body of {@code POST /api/v1/import}; a larger one is answered 413. Default 64 MiB. */
        private long maxImportBytes = 64L * 1024 * 1024;
        /** Largest job {@code params}, in UTF-8 bytes. Default 64 KiB. */
        private int maxParamsBytes = 64 * 1024;
        /** Longest job {@code description}, in characters. Default 2048. */
        private int maxDescriptionLength = 2048;
        /** Runs of one page of {@code GET /api/v1/runs} without {@code size}. Default 50. */
        private int defaultRunPageSize = 50;
        /** Largest accepted {@code size} of the run search. Default 500. */
        private int maxRunPageSize = 500;
        /** Entries of one audit page without {@code size}. Default 50. */
        private int defaultAuditPageSize = 50;
        /** Largest accepted audit page {@code size}. Default 500. */
        private int maxAuditPageSize = 500;

        public int getDefaultRunLimit() { return defaultRunLimit; }
        public void setDefaultRunLimit(int defaultRunLimit) { this.defaultRunLimit = defaultRunLimit; }
        public int getMaxRunLimit() { return maxRunLimit; }
        public void setMaxRunLimit(int maxRunLimit) { this.maxRunLimit = maxRunLimit; }
        public int getDefaultPreviewCount() { return defaultPreviewCount; }
        public void setDefaultPreviewCount(int defaultPreviewCount) { this.defaultPreviewCount = defaultPreviewCount; }
        public int getMaxPreviewCount() { return maxPreviewCount; }
        public void setMaxPreviewCount(int maxPreviewCount) { this.maxPreviewCount = maxPreviewCount; }
        public long getMaxRequestBytes() { return maxRequestBytes; }
        public void setMaxRequestBytes(long maxRequestBytes) { this.maxRequestBytes = maxRequestBytes; }
        public long getMaxImportBytes() { return maxImportBytes; }
        public void setMaxImportBytes(long maxImportBytes) { this.maxImportBytes = maxImportBytes; }
        public int getMaxParamsBytes() { return maxParamsBytes; }
        public void setMaxParamsBytes(int maxParamsBytes) { this.maxParamsBytes = maxParamsBytes; }
        public int getMaxDescriptionLength() { return maxDescriptionLength; }
        public void setMaxDescriptionLength(int maxDescriptionLength) { this.maxDescriptionLength = maxDescriptionLength; }
        public int getDefaultRunPageSize() { return defaultRunPageSize; }
        public void setDefaultRunPageSize(int defaultRunPageSize) { this.defaultRunPageSize = defaultRunPageSize; }
        public int getMaxRunPageSize() { return maxRunPageSize; }
        public void setMaxRunPageSize(int maxRunPageSize) { this.maxRunPageSize = maxRunPageSize; }
        public int getDefaultAuditPageSize() { return defaultAuditPageSize; }
        public void setDefaultAuditPageSize(int defaultAuditPageSize) { this.defaultAuditPageSize = defaultAuditPageSize; }
        public int getMaxAuditPageSize() { return maxAuditPageSize; }
        public void setMaxAuditPageSize(int maxAuditPageSize) { this.maxAuditPageSize = maxAuditPageSize; }
    }

    /** The consumer that writes the {@code alerts} topic into the {@code incidents} tables, and their pages. */
    public static class Incidents {
        /** Consumer group of the incidents materializer. Default: the topic prefix then {@code console-incidents}. */
        private String groupId;
        /** Most incident steps in one poll, hence in one database transaction. Default 500. */
        private int maxPollRecords = 500;
        /** Incidents of one {@code GET /api/v1/incidents} page without {@code size}. Default 50. */
        private int defaultPageSize = 50;
        /** Largest accepted incidents or deliveries page {@code size}. Default 500. */
        private int maxPageSize = 500;
        /** Steps and deliveries answered with one incident. Default 200. */
        private int maxHistory = 200;

        public String getGroupId() { return groupId; }
        public void setGroupId(String groupId) { this.groupId = groupId; }
        public int getMaxPollRecords() { return maxPollRecords; }
        public void setMaxPollRecords(int maxPollRecords) { this.maxPollRecords = maxPollRecords; }
        public int getDefaultPageSize() { return defaultPageSize; }
        public void setDefaultPageSize(int defaultPageSize) { this.defaultPageSize = defaultPageSize; }
        public int getMaxPageSize() { return maxPageSize; }
        public void setMaxPageSize(int maxPageSize) { this.maxPageSize = maxPageSize; }
        public int getMaxHistory() { return maxHistory; }
        public void setMaxHistory(int maxHistory) { this.maxHistory = maxHistory; }
    }

}
