package io.carillon.console.internal.incidents;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The consumer that writes the {@code alerts} topic into the {@code incidents} tables, and their pages. */
@ConfigurationProperties("carillon.console.incidents")
public class IncidentProperties {
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

    public String getGroupId() {
        return groupId;
    }

    public void setGroupId(String groupId) {
        this.groupId = groupId;
    }

    public int getMaxPollRecords() {
        return maxPollRecords;
    }

    public void setMaxPollRecords(int maxPollRecords) {
        this.maxPollRecords = maxPollRecords;
    }

    public int getDefaultPageSize() {
        return defaultPageSize;
    }

    public void setDefaultPageSize(int defaultPageSize) {
        this.defaultPageSize = defaultPageSize;
    }

    public int getMaxPageSize() {
        return maxPageSize;
    }

    public void setMaxPageSize(int maxPageSize) {
        this.maxPageSize = maxPageSize;
    }

    public int getMaxHistory() {
        return maxHistory;
    }

    public void setMaxHistory(int maxHistory) {
        this.maxHistory = maxHistory;
    }
}
