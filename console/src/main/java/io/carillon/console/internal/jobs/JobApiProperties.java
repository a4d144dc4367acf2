package io.carillon.console.internal.jobs;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The job endpoints' limits ({@code carillon.console.api.*}): the schedule preview and a job's free text. */
@ConfigurationProperties("carillon.console.api")
public class JobApiProperties {
    /** Fire times returned by the schedule preview without {@code count}. Default 10. */
    private int defaultPreviewCount = 10;
    /** Largest accepted {@code count} of the schedule preview. Default 100. */
    private int maxPreviewCount = 100;
    /** Largest job {@code params}, in UTF-8 bytes. Default 64 KiB. */
    private int maxParamsBytes = 64 * 1024;
    /** Longest job {@code description}, in characters. Default 2048. */
    private int maxDescriptionLength = 2048;

    public int getDefaultPreviewCount() {
        return defaultPreviewCount;
    }

    public void setDefaultPreviewCount(int defaultPreviewCount) {
        this.defaultPreviewCount = defaultPreviewCount;
    }

    public int getMaxPreviewCount() {
        return maxPreviewCount;
    }

    public void setMaxPreviewCount(int maxPreviewCount) {
        this.maxPreviewCount = maxPreviewCount;
    }

    public int getMaxParamsBytes() {
        return maxParamsBytes;
    }

    public void setMaxParamsBytes(int maxParamsBytes) {
        this.maxParamsBytes = maxParamsBytes;
    }

    public int getMaxDescriptionLength() {
        return maxDescriptionLength;
    }

    public void setMaxDescriptionLength(int maxDescriptionLength) {
        this.maxDescriptionLength = maxDescriptionLength;
    }
}
