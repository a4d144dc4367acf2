package io.carillon.console.internal.incidents;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** Notification channels and the sender that delivers incident steps to them. */
@ConfigurationProperties("carillon.console.notifications")
public class NotificationProperties {
    /** Pause between two passes of the sender over the due deliveries while there is work. Default 250 ms. */
    private Duration pollInterval = Duration.ofMillis(250);
    /**
     * Longest pause between two passes: with nothing sent the pause grows to it (a tenth of the time since the last
     * delivery), and deliveries added by this console wake the sender at once. Default 2 s.
     */
    private Duration maxPollInterval = Duration.ofSeconds(2);
    /** Most deliveries sent in one pass (one database transaction). Default 20. */
    private int batchSize = 20;
    /** Attempts of one delivery before it is marked FAILED. Default 8. */
    private int maxAttempts = 8;
    /** Wait before the second attempt; each next wait is {@code backoff-multiplier} times longer. Default 10 s. */
    private Duration initialBackoff = Duration.ofSeconds(10);
    /** Growth of the wait between attempts. Default 2. */
    private double backoffMultiplier = 2.0;
    /** Longest wait between two attempts. Default 10 min. */
    private Duration maxBackoff = Duration.ofMinutes(10);
    /** Time to connect to a webhook or robot. Default 5 s. */
    private Duration connectTimeout = Duration.ofSeconds(5);
    /** Time for a webhook or robot to answer once connected. Default 10 s. */
    private Duration readTimeout = Duration.ofSeconds(10);
    /** Silence window of a channel created without {@code silenceMs}. Default 5 min. */
    private Duration defaultSilence = Duration.ofMinutes(5);
    /** Sender address of email notifications. Default {@code carillon@localhost}. */
    private String mailFrom = "carillon@localhost";
    /** Longest incident message put in a notification, in characters. Default 1000. */
    private int maxMessageChars = 1000;
    /** Most channels. Default 100. */
    private int maxChannels = 100;
    /** Most apps named by one channel. Default 100. */
    private int maxChannelApps = 100;

    public Duration getMaxPollInterval() {
        return maxPollInterval;
    }

    public void setMaxPollInterval(Duration maxPollInterval) {
        this.maxPollInterval = maxPollInterval;
    }

    public Duration getPollInterval() {
        return pollInterval;
    }

    public void setPollInterval(Duration pollInterval) {
        this.pollInterval = pollInterval;
    }

    public int getBatchSize() {
        return batchSize;
    }

    public void setBatchSize(int batchSize) {
        this.batchSize = batchSize;
    }

    public int getMaxAttempts() {
        return maxAttempts;
    }

    public void setMaxAttempts(int maxAttempts) {
        this.maxAttempts = maxAttempts;
    }

    public Duration getInitialBackoff() {
        return initialBackoff;
    }

    public void setInitialBackoff(Duration initialBackoff) {
        this.initialBackoff = initialBackoff;
    }

    public double getBackoffMultiplier() {
        return backoffMultiplier;
    }

    public void setBackoffMultiplier(double backoffMultiplier) {
        this.backoffMultiplier = backoffMultiplier;
    }

    public Duration getMaxBackoff() {
        return maxBackoff;
    }

    public void setMaxBackoff(Duration maxBackoff) {
        this.maxBackoff = maxBackoff;
    }

    public Duration getConnectTimeout() {
        return connectTimeout;
    }

    public void setConnectTimeout(Duration connectTimeout) {
        this.connectTimeout = connectTimeout;
    }

    public Duration getReadTimeout() {
        return readTimeout;
    }

    public void setReadTimeout(Duration readTimeout) {
        this.readTimeout = readTimeout;
    }

    public Duration getDefaultSilence() {
        return defaultSilence;
    }

    public void setDefaultSilence(Duration defaultSilence) {
        this.defaultSilence = defaultSilence;
    }

    public String getMailFrom() {
        return mailFrom;
    }

    public void setMailFrom(String mailFrom) {
        this.mailFrom = mailFrom;
    }

    public int getMaxMessageChars() {
        return maxMessageChars;
    }

    public void setMaxMessageChars(int maxMessageChars) {
        this.maxMessageChars = maxMessageChars;
    }

    public int getMaxChannels() {
        return maxChannels;
    }

    public void setMaxChannels(int maxChannels) {
        this.maxChannels = maxChannels;
    }

    public int getMaxChannelApps() {
        return maxChannelApps;
    }

    public void setMaxChannelApps(int maxChannelApps) {
        this.maxChannelApps = maxChannelApps;
    }
}
