package io.carillon.worker;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method of a Spring bean as the handler named {@link #value()}: jobs whose {@code handler} is that name run
 * it. The method takes no parameters or one {@link JobContext}; its return value or exception decides the run's
 * status, as for {@link JobHandlerFunction}. Names are unique within a worker app.
 *
 * <pre>{@code
 * @JobHandler("send-invoices")
 * public String sendInvoices(JobContext context) {
 *     InvoiceRun run = context.params(InvoiceRun.class);
 *     ...
 * }
 * }</pre>
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface JobHandler {

    /** The handler name jobs refer to. */
    String value();
}
