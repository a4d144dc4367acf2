package io.carillon.dispatcher.spring;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the dispatcher, under {@code carillon.dispatcher}; the defaults are those of
 * {@code io.carillon.dispatcher.Dispatcher.Builder}. Kafka and topics come from {@code carillon.*}.
 */
@ConfigurationProperties("carillon.dispatcher")
public class DispatcherProperties {

    /** Whether to run a dispatcher in this application. */
    private boolean enabled = true;

    /** Consumer group shared by all dispatcher instances (default: the topic prefix followed by "dispatcher"). */
    private String groupId;

    /** Prefix of each instance's transactional id (the instance id follows, or a random UUID without one). */
    private String transactionalIdPrefix = "carillon-dispatcher-";

    /**
     * A name the instance keeps when it is restarted (a StatefulSet pod's or a Compose service's name), unique among
     * running dispatchers: a restarted instance then takes its partitions back at once instead of after the session
     * timeout. None by default.
     */
    private String instanceId;

    /** Longest wait of one poll of the fires topic when no held fire is due sooner. */
    private Duration maxPollWait = io.carillon.dispatcher.Dispatcher.DEFAULT_MAX_POLL_WAIT;

    /**
     * Transaction timeout of the producer: how long a crashed or frozen instance's open transaction blocks readers.
     * Default 6 s, the default session: no longer than {@code session-timeout}, a frozen instance's transaction ends
     * by the time its partitions move to the others.
     */
    private Duration transactionTimeout = io.carillon.dispatcher.Dispatcher.DEFAULT_TRANSACTION_TIMEOUT;

    /** How long closing each Kafka client may take on shutdown. */
    private Duration closeTimeout = Duration.ofSeconds(10);

    /** The broker's offset.metadata.max.bytes, bounding the list of dispatched offsets kept with each commit. */
    private int offsetMetadataMaxBytes = 4096;

    /** Tick of the timing wheel holding fires until due (at least 1 ms); fires still leave at their instant. */
    private Duration timerTick = Duration.ofMillis(5);

    /**
     * How long before its due instant a fire is routed (the worker starts the run at the due instant, not before);
     * zero sends each trigger at its due instant. A cancel within the lead kills the fire's runs on the worker.
     */
    private Duration triggerLead = io.carillon.dispatcher.Dispatcher.DEFAULT_TRIGGER_LEAD;
    /**
     * How long after its last heartbeat a dead instance's fires move to the other instances; at least 1 s, and at
     * least the brokers' group.min.session.timeout.ms (6 s unless set).
     */
    private Duration sessionTimeout = io.carillon.dispatcher.Dispatcher.DEFAULT_SESSION_TIMEOUT;
    /** How long a fire no live worker can take waits for one before it ends NO_WORKER; default 10 s. */
    private Duration noWorkerGrace = io.carillon.dispatcher.Dispatcher.DEFAULT_NO_WORKER_GRACE;

    public Duration getSessionTimeout() {
        return sessionTimeout;
    }

    public void setSessionTimeout(Duration sessionTimeout) {
        this.sessionTimeout = sessionTimeout;
    }

    public Duration getNoWorkerGrace() {
        return noWorkerGrace;
    }

    public void setNoWorkerGrace(Duration noWorkerGrace) {
        this.noWorkerGrace = noWorkerGrace;
    }

    public Duration getTriggerLead() {
        return triggerLead;
    }

    public void setTriggerLead(Duration triggerLead) {
        this.triggerLead = triggerLead;
    }

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public String getGroupId() {
        return groupId;
    }

    public void setGroupId(String groupId) {
        this.groupId = groupId;
    }

    public String getInstanceId() {
        return instanceId;
    }

    public void setInstanceId(String instanceId) {
        this.instanceId = instanceId;
    }

    public String getTransactionalIdPrefix() {
        return transactionalIdPrefix;
    }

    public void setTransactionalIdPrefix(String prefix) {
        this.transactionalIdPrefix = prefix;
    }

    public Duration getMaxPollWait() {
        return maxPollWait;
    }

    public void setMaxPollWait(Duration maxPollWait) {
        this.maxPollWait = maxPollWait;
    }

    public Duration getTransactionTimeout() {
        return transactionTimeout;
    }

    public void setTransactionTimeout(Duration transactionTimeout) {
        this.transactionTimeout = transactionTimeout;
    }

    public Duration getCloseTimeout() {
        return closeTimeout;
    }

    public void setCloseTimeout(Duration closeTimeout) {
        this.closeTimeout = closeTimeout;
    }

    public Duration getTimerTick() {
        return timerTick;
    }

    public void setTimerTick(Duration timerTick) {
        this.timerTick = timerTick;
    }

    public int getOffsetMetadataMaxBytes() {
        return offsetMetadataMaxBytes;
    }

    public void setOffsetMetadataMaxBytes(int maxBytes) {
        this.offsetMetadataMaxBytes = maxBytes;
    }
}
