package io.carillon.console.internal.forecast;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.JobDefinition;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The jobs that fire by themselves: enabled and not paused, by id. Thread-safe. */
@Repository
class ForecastRepository {

    private final JdbcClient jdbc;

    ForecastRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<JobDefinition> firingJobs() {
        return jdbc
                .sql("SELECT definition::text FROM jobs j WHERE NOT EXISTS"
                        + " (SELECT 1 FROM job_pauses p WHERE p.job_id = j.id) ORDER BY id")
                .query(String.class)
                .list()
                .stream()
                .map(EventSerdes.JOB::parse)
                .filter(JobDefinition::enabled)
                .toList();
    }
}
