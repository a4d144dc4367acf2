package io.carillon.examples.demo;

import io.carillon.worker.DeclaredJob;
import io.carillon.worker.JobContext;
import io.carillon.worker.JobHandler;
import java.time.ZoneOffset;
import org.springframework.stereotype.Component;

/**
 * The demo worker's handlers: {@code echo} logs its params, {@code sleep} sleeps, {@code fail} throws, and
 * {@code daily-report} writes a report, run every day by the job {@code demo-daily-report} that it declares in code
 * (its cron from the property {@code demo.report.cron}, 06:00 UTC by default).
 */
@Component
public class DemoHandlers {

    @JobHandler("echo")
    public String echo(JobContext context) {
        context.log("echo " + context.params());
        return context.params();
    }

    /** Sleeps the number of milliseconds given as params (default 1000), stopping early when cancelled. */
    @JobHandler("sleep")
    public void sleep(JobContext context) throws InterruptedException {
        String params = context.params();
        long millis = params == null || params.isBlank() ? 1000 : Long.parseLong(params.trim());
        context.log("sleeping " + millis + " ms");
        Thread.sleep(millis);
    }

    /** Reports on the day before the run's scheduled day. */
    @JobHandler("daily-report")
    @DeclaredJob(
            id = "demo-daily-report",
            cron = "${demo.report.cron:0 0 6 * * ?}",
            zone = "UTC",
            description = "the demo's daily report, declared in code",
            tags = "demo",
            retryAttempts = "3",
            retryBackoff = "1m")
    public String dailyReport(JobContext context) {
        String report = "report for the day before "
                + context.scheduledAt().atZone(ZoneOffset.UTC).toLocalDate();
        context.log(report);
        return report;
    }

    @JobHandler("fail")
    public void fail(JobContext context) {
        throw new IllegalStateException("demo failure" + (context.params() == null ? "" : ": " + context.params()));
    }
}
