package io.carillon.examples.demo;

import org.springframework.stereotype.Component;

import io.carillon.worker.JobContext;
import io.carillon.worker.JobHandler;

/** The demo worker's handlers: {@code echo} logs its params, {@code sleep} sleeps, {@code fail} throws. */
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

    @JobHandler("fail")
    public void fail(JobContext context) {
        throw new IllegalStateException("demo failure" + (context.params() == null ? "" : ": " + context.params()));
    }
}
