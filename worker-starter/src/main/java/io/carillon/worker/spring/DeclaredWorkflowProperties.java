package io.carillon.worker.spring;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A workflow declared through configuration: {@code carillon.worker.workflows.<id>.*}. The schedule, misfire and
 * calendar fields have the meaning and the text form of the {@link io.carillon.worker.DeclaredJob @DeclaredJob}
 * attributes of the same name; {@code nodes.<node id>.*} are its nodes and {@code edges[i].*} its edges
 * (docs/workflows.md, "Declared in code").
 */
public class DeclaredWorkflowProperties {

    private String description;

    private String owner;

    private List<String> tags;

    /** Whether the schedule starts instances (true unless set). */
    private String enabled;

    /** The schedule, one of cron (with zone), fixed-rate, fixed-delay or at; none: started only by hand. */
    private String cron;

    private String zone;

    private String fixedRate;

    private String fixedDelay;

    private String at;

    private String startAt;

    private String endAt;

    /** Calendars whose days the schedule skips. */
    private List<String> skip;

    /** The calendar whose days alone the schedule starts on. */
    private String onlyOn;

    private String misfire;

    private String misfireThreshold;

    private String maxCatchUp;

    private String misfireMaxLate;

    /** How many instances may run at once (1 unless set). */
    private String maxInstances;

    /** What happens to one more instance: SERIAL (default), DISCARD_LATER or COVER_EARLY. */
    private String blockStrategy;

    /** How long an instance may run before an overrun incident opens (a duration, 1s to 30d). */
    private String maxDuration;

    /** The nodes, by node id. */
    private Map<String, DeclaredWorkflowNodeProperties> nodes = new LinkedHashMap<>();

    /** The edges between the nodes. */
    private List<DeclaredWorkflowEdgeProperties> edges = new ArrayList<>();

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

    public String getMaxInstances() {
        return maxInstances;
    }

    public void setMaxInstances(String maxInstances) {
        this.maxInstances = maxInstances;
    }

    public String getBlockStrategy() {
        return blockStrategy;
    }

    public void setBlockStrategy(String blockStrategy) {
        this.blockStrategy = blockStrategy;
    }

    public String getMaxDuration() {
        return maxDuration;
    }

    public void setMaxDuration(String maxDuration) {
        this.maxDuration = maxDuration;
    }

    public Map<String, DeclaredWorkflowNodeProperties> getNodes() {
        return nodes;
    }

    public void setNodes(Map<String, DeclaredWorkflowNodeProperties> nodes) {
        this.nodes = nodes;
    }

    public List<DeclaredWorkflowEdgeProperties> getEdges() {
        return edges;
    }

    public void setEdges(List<DeclaredWorkflowEdgeProperties> edges) {
        this.edges = edges;
    }
}
