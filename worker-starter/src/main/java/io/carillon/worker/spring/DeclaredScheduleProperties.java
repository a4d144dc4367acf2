package io.carillon.worker.spring;

import java.util.List;

/**
 * What a declared job and a declared workflow both have: the schedule with its calendars and misfire policy, the
 * block strategy, whether the schedule is on, and the description, owner and tags. Each field has the meaning and
 * the text form of the {@link io.carillon.worker.DeclaredJob @DeclaredJob} attribute of the same name.
 */
public class DeclaredScheduleProperties {

    private String description;

    private String owner;

    private List<String> tags;

    /** Whether the schedule fires (true unless set). */
    private String enabled;

    /** The schedule, one of cron (with zone), fixed-rate, fixed-delay or at; none: run only by hand. */
    private String cron;

    private String zone;

    private String fixedRate;

    private String fixedDelay;

    private String at;

    private String startAt;

    private String endAt;

    /** Calendars whose days the schedule skips. */
    private List<String> skip;

    /** The calendar whose days alone the schedule fires on. */
    private String onlyOn;

    private String misfire;

    private String misfireThreshold;

    private String maxCatchUp;

    private String misfireMaxLate;

    /** What happens to one more run or instance while the limit is reached: SERIAL (default), DISCARD_LATER, COVER_EARLY. */
    private String blockStrategy;

    public String getDescription() {
        return description;
    }

    public void setDescription(String description) {
        this.description = description;
    }

    public String getOwner() {
        return owner;
    }

    public void setOwner(String owner) {
        this.owner = owner;
    }

    public List<String> getTags() {
        return tags;
    }

    public void setTags(List<String> tags) {
        this.tags = tags;
    }

    public String getEnabled() {
        return enabled;
    }

    public void setEnabled(String enabled) {
        this.enabled = enabled;
    }

    public String getCron() {
        return cron;
    }

    public void setCron(String cron) {
        this.cron = cron;
    }

    public String getZone() {
        return zone;
    }

    public void setZone(String zone) {
        this.zone = zone;
    }

    public String getFixedRate() {
        return fixedRate;
    }

    public void setFixedRate(String fixedRate) {
        this.fixedRate = fixedRate;
    }

    public String getFixedDelay() {
        return fixedDelay;
    }

    public void setFixedDelay(String fixedDelay) {
        this.fixedDelay = fixedDelay;
    }

    public String getAt() {
        return at;
    }

    public void setAt(String at) {
        this.at = at;
    }

    public String getStartAt() {
        return startAt;
    }

    public void setStartAt(String startAt) {
        this.startAt = startAt;
    }

    public String getEndAt() {
        return endAt;
    }

    public void setEndAt(String endAt) {
        this.endAt = endAt;
    }

    public List<String> getSkip() {
        return skip;
    }

    public void setSkip(List<String> skip) {
        this.skip = skip;
    }

    public String getOnlyOn() {
        return onlyOn;
    }

    public void setOnlyOn(String onlyOn) {
        this.onlyOn = onlyOn;
    }

    public String getMisfire() {
        return misfire;
    }

    public void setMisfire(String misfire) {
        this.misfire = misfire;
    }

    public String getMisfireThreshold() {
        return misfireThreshold;
    }

    public void setMisfireThreshold(String misfireThreshold) {
        this.misfireThreshold = misfireThreshold;
    }

    public String getMaxCatchUp() {
        return maxCatchUp;
    }

    public void setMaxCatchUp(String maxCatchUp) {
        this.maxCatchUp = maxCatchUp;
    }

    public String getMisfireMaxLate() {
        return misfireMaxLate;
    }

    public void setMisfireMaxLate(String misfireMaxLate) {
        this.misfireMaxLate = misfireMaxLate;
    }

    public String getBlockStrategy() {
        return blockStrategy;
    }

    public void setBlockStrategy(String blockStrategy) {
        this.blockStrategy = blockStrategy;
    }
}
