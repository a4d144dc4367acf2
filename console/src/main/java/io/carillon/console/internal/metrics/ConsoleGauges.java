package io.carillon.console.internal.metrics;

import io.carillon.topics.events.IncidentRule;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Gauges read from the console database when scraped: {@value #OUTBOX_BACKLOG}, the job changes waiting in the outbox
 * to be published to {@code jobs} (a partial index holds exactly those rows), and {@value #INCIDENTS_OPEN} per
 * {@code rule}, the incidents not resolved yet. A few counting queries per scrape, none on the way of a run; while
 * the database does not answer the gauges read NaN.
 *
 * <p>Thread-safe.
 */
@Component
public class ConsoleGauges implements MeterBinder {

    public static final String OUTBOX_BACKLOG = "carillon.console.outbox.backlog";
    public static final String INCIDENTS_OPEN = "carillon.console.incidents.open";

    private final JdbcClient jdbc;

    public ConsoleGauges(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder(OUTBOX_BACKLOG, this, ConsoleGauges::outboxBacklog)
                .description("job changes in the outbox not yet published to the jobs topic")
                .baseUnit("changes")
                .strongReference(true)
                .register(registry);
        for (IncidentRule rule : IncidentRule.values()) {
            Gauge.builder(INCIDENTS_OPEN, this, gauges -> gauges.openIncidents(rule))
                    .tag("rule", rule.name())
                    .description("incidents opened and not resolved yet")
                    .baseUnit("incidents")
                    .strongReference(true)
                    .register(registry);
        }
    }

    private double outboxBacklog() {
        return jdbc.sql("SELECT count(*) FROM job_outbox WHERE published_at IS NULL")
                .query(Long.class)
                .single();
    }

    private double openIncidents(IncidentRule rule) {
        return jdbc.sql("SELECT count(*) FROM incidents WHERE state = 'OPEN' AND rule = :rule")
                .param("rule", rule.name())
                .query(Long.class)
                .single();
    }
}
