package io.carillon.console.internal.exchange.xxljob;

/**
 * A row of xxl-job's {@code xxl_job_group}: an executor, by its AppName. {@code manualAddresses} is true when its
 * addresses were typed in ({@code address_type} 1) rather than registered by the executors.
 */
record XxlJobGroup(int id, String appName, String title, boolean manualAddresses) {}
