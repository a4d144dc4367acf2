package io.carillon.console.internal.forecast;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The forecast's limits, under {@code carillon.console.forecast}. */
@ConfigurationProperties("carillon.console.forecast")
public class ForecastProperties {

    /** The busiest minutes named. Default 5. */
    private int peaks = 5;

    /** The jobs named in each busiest minute. Default 10. */
    private int jobsPerPeak = 10;

    /** The fires counted per job over the span; a job firing more often is cut there. Default 86,400 (each second). */
    private int maxFiresPerJob = 86_400;

    /** The jobs a page of the past runs' grid holds unless the request asks for fewer. Default 50. */
    private int defaultGridJobs = 50;

    /** The most jobs a page of the past runs' grid holds. Default 200. */
    private int maxGridJobs = 200;

    public int getDefaultGridJobs() {
        return defaultGridJobs;
    }

    public void setDefaultGridJobs(int defaultGridJobs) {
        this.defaultGridJobs = defaultGridJobs;
    }

    public int getMaxGridJobs() {
        return maxGridJobs;
    }

    public void setMaxGridJobs(int maxGridJobs) {
        this.maxGridJobs = maxGridJobs;
    }

    public int getPeaks() {
        return peaks;
    }

    public void setPeaks(int peaks) {
        this.peaks = peaks;
    }

    public int getJobsPerPeak() {
        return jobsPerPeak;
    }

    public void setJobsPerPeak(int jobsPerPeak) {
        this.jobsPerPeak = jobsPerPeak;
    }

    public int getMaxFiresPerJob() {
        return maxFiresPerJob;
    }

    public void setMaxFiresPerJob(int maxFiresPerJob) {
        this.maxFiresPerJob = maxFiresPerJob;
    }
}
