package io.carillon.standalone.internal;

import io.carillon.console.internal.jobs.JobService;
import io.carillon.topics.Json;
import io.carillon.topics.events.JobDefinition;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;

/**
 * Creates a few demo jobs through the console's job service once it is up (as the console itself, audited as
 * {@code system}); jobs that exist are left alone.
 */
public class DemoJobsSeeder implements ApplicationListener<ApplicationReadyEvent> {

    private static final Logger log = LoggerFactory.getLogger(DemoJobsSeeder.class);

    static final List<Map<String, Object>> DEMO_JOBS = List.of(
            Map.of(
                    "id",
                    "demo-echo",
                    "app",
                    "demo",
                    "handler",
                    "echo",
                    "description",
                    "Echoes its params every 5 s",
                    "params",
                    "{\"hello\":\"world\"}",
                    "schedule",
                    Map.of("type", "FIXED_RATE", "intervalMs", 5000)),
            Map.of(
                    "id",
                    "demo-cron",
                    "app",
                    "demo",
                    "handler",
                    "sleep",
                    "description",
                    "Sleeps 300 ms at every 10th second (Quartz cron)",
                    "params",
                    "300",
                    "schedule",
                    Map.of("type", "CRON", "cron", "*/10 * * * * ?", "zone", "UTC")),
            Map.of(
                    "id",
                    "demo-fail",
                    "app",
                    "demo",
                    "handler",
                    "fail",
                    "description",
                    "Fails every 30 s",
                    "schedule",
                    Map.of("type", "FIXED_RATE", "intervalMs", 30000)));

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        JobService jobs = event.getApplicationContext().getBean(JobService.class);
        for (Map<String, Object> job : DEMO_JOBS) {
            JobDefinition definition = Json.mapper().convertValue(job, JobDefinition.class);
            if (jobs.find(definition.id()).isEmpty()) {
                jobs.create(definition.toBuilder().enabled(true).build());
                log.info("created demo job {}", definition.id());
            }
        }
    }
}
