package io.carillon.worker;

/**
 * The code a worker runs for one trigger. Returning normally ends the run SUCCEEDED (the returned value, if not null,
 * becomes the result message); throwing ends it FAILED with the exception's message and class.
 *
 * <p>Called on one of the worker's run threads, at most {@code capacity} runs at a time across all handlers. A handler
 * that runs long should check {@link JobContext#isCancelled()} or respond to interruption: the worker interrupts a
 * run that exceeds its timeout, is killed from {@code control}, is covered by a newer trigger of a COVER_EARLY job, or
 * outlives the shutdown grace. Such a run is reported at once and its slot goes to other runs; a handler that ignores
 * the interrupt keeps its thread until it returns, and what it returns then is ignored.
 */
@FunctionalInterface
public interface JobHandlerFunction {

    Object handle(JobContext context) throws Exception;
}
