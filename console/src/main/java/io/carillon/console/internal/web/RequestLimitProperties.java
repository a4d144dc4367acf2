package io.carillon.console.internal.web;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The largest request bodies the API reads ({@code carillon.console.api.*}). */
@ConfigurationProperties("carillon.console.api")
public class RequestLimitProperties {
    /** Largest request body; a larger one is answered 413. Default 1 MiB. */
    private long maxRequestBytes = 1024 * 1024;
    /** Largest body of {@code POST /api/v1/import}; a larger one is answered 413. Default 64 MiB. */
    private long maxImportBytes = 64L * 1024 * 1024;

    public long getMaxRequestBytes() {
        return maxRequestBytes;
    }

    public void setMaxRequestBytes(long maxRequestBytes) {
        this.maxRequestBytes = maxRequestBytes;
    }

    public long getMaxImportBytes() {
        return maxImportBytes;
    }

    public void setMaxImportBytes(long maxImportBytes) {
        this.maxImportBytes = maxImportBytes;
    }
}
