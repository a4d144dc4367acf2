package io.carillon.console.internal.audit;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The audit page's limits ({@code carillon.console.api.*}). */
@ConfigurationProperties("carillon.console.api")
public class AuditApiProperties {
    /** Entries of one audit page without {@code size}. Default 50. */
    private int defaultAuditPageSize = 50;
    /** Largest accepted audit page {@code size}. Default 500. */
    private int maxAuditPageSize = 500;

    public int getDefaultAuditPageSize() {
        return defaultAuditPageSize;
    }

    public void setDefaultAuditPageSize(int defaultAuditPageSize) {
        this.defaultAuditPageSize = defaultAuditPageSize;
    }

    public int getMaxAuditPageSize() {
        return maxAuditPageSize;
    }

    public void setMaxAuditPageSize(int maxAuditPageSize) {
        this.maxAuditPageSize = maxAuditPageSize;
    }
}
