package io.carillon.console.internal.exchange.xxljob;

/**
 * A row of xxl-job's {@code xxl_job_info}, as stored: strategies are xxl-job's enum names, {@code scheduleConf} is a
 * cron for CRON and seconds for FIX_RATE, {@code childJobIds} is a comma-separated list of xxl-job job ids, and
 * {@code triggerStatus} is 1 for a running job.
 */
record XxlJobInfo(
        int id,
        int groupId,
        String description,
        String author,
        String alarmEmail,
        String scheduleType,
        String scheduleConf,
        String misfireStrategy,
        String routeStrategy,
        String handler,
        String params,
        String blockStrategy,
        int timeoutSeconds,
        int retryCount,
        String glueType,
        String childJobIds,
        int triggerStatus) {}
