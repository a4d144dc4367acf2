package io.carillon.console.internal.workers;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** The live worker registry the console keeps from the {@code workers} topic. */
@ConfigurationProperties("carillon.console.workers")
public class WorkerProperties {
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

    public int getStaleAfterMissedBeats() {
        return staleAfterMissedBeats;
    }

    public void setStaleAfterMissedBeats(int staleAfterMissedBeats) {
        this.staleAfterMissedBeats = staleAfterMissedBeats;
    }

    public Duration getForgetAfter() {
        return forgetAfter;
    }

    public void setForgetAfter(Duration forgetAfter) {
        this.forgetAfter = forgetAfter;
    }

    public int getMaxInstances() {
        return maxInstances;
    }

    public void setMaxInstances(int maxInstances) {
        this.maxInstances = maxInstances;
    }

    public int getMaxUnservedJobsListed() {
        return maxUnservedJobsListed;
    }

    public void setMaxUnservedJobsListed(int maxUnservedJobsListed) {
        this.maxUnservedJobsListed = maxUnservedJobsListed;
    }
}
