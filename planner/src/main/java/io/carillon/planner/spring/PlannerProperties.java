package io.carillon.planner.spring;

import io.carillon.planner.PlannerSettings;
import io.carillon.streams.spring.StreamsAppProperties;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the planner under {@code carillon.planner.*}: those of every Kafka Streams app
 * ({@link StreamsAppProperties}: {@code enabled}, {@code application-id}, {@code state-dir} (default
 * {@code ${java.io.tmpdir}/carillon-planner}), {@code standby-replicas}, {@code streams.*}) and the planner's own.
 * Kafka and topics come from {@code carillon.*}.
 */
@ConfigurationProperties("carillon.planner")
public class PlannerProperties extends StreamsAppProperties {

    /** How far ahead of its instant a fire is written to the fires topic (default 10s). */
    private Duration horizon = PlannerSettings.DEFAULT_HORIZON;
    /** How often the timer store is scanned for due timers (default 100ms). */
    private Duration punctuateInterval = PlannerSettings.DEFAULT_PUNCTUATE_INTERVAL;
    /** The most BACKFILL fires one stream task writes per punctuation (default 100). */
    private int backfillPerPunctuation = PlannerSettings.DEFAULT_BACKFILL_PER_PUNCTUATION;
    /** The most fires one BACKFILL request makes; the instants beyond go to the dlq as a notice (default 1000). */
    private int maxBackfillFires = PlannerSettings.DEFAULT_MAX_BACKFILL_FIRES;
    /**
     * How long past a started run's timeout the planner waits for its terminal result before writing TIMED_OUT
     * (default 30s).
     */
    private Duration runTimeoutGrace = PlannerSettings.DEFAULT_RUN_TIMEOUT_GRACE;
    /** How often open runs are checked for timeouts and expired worker heartbeats (default 1s). */
    private Duration openRunCheckInterval = PlannerSettings.DEFAULT_OPEN_RUN_CHECK_INTERVAL;
    /**
     * How long a request for a job the planner does not know yet waits for the job's definition before it goes to
     * the dlq (default 30s; 0 dead-letters it at once).
     */
    private Duration unknownJobGrace = PlannerSettings.DEFAULT_UNKNOWN_JOB_GRACE;

    public PlannerProperties() {
        super("planner");
    }

    public Duration getHorizon() {
        return horizon;
    }

    public void setHorizon(Duration horizon) {
        this.horizon = horizon;
    }

    public Duration getPunctuateInterval() {
        return punctuateInterval;
    }

    public void setPunctuateInterval(Duration punctuateInterval) {
        this.punctuateInterval = punctuateInterval;
    }

    public int getBackfillPerPunctuation() {
        return backfillPerPunctuation;
    }

    public void setBackfillPerPunctuation(int value) {
        this.backfillPerPunctuation = value;
    }

    public int getMaxBackfillFires() {
        return maxBackfillFires;
    }

    public void setMaxBackfillFires(int maxBackfillFires) {
        this.maxBackfillFires = maxBackfillFires;
    }

    public Duration getRunTimeoutGrace() {
        return runTimeoutGrace;
    }

    public void setRunTimeoutGrace(Duration runTimeoutGrace) {
        this.runTimeoutGrace = runTimeoutGrace;
    }

    public Duration getOpenRunCheckInterval() {
        return openRunCheckInterval;
    }

    public void setOpenRunCheckInterval(Duration value) {
        this.openRunCheckInterval = value;
    }

    public Duration getUnknownJobGrace() {
        return unknownJobGrace;
    }

    public void setUnknownJobGrace(Duration unknownJobGrace) {
        this.unknownJobGrace = unknownJobGrace;
    }
}
