package io.carillon.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.MAP;

import io.carillon.analytics.internal.AnalyticsMeters;
import io.carillon.console.internal.metrics.ConsoleGauges;
import io.carillon.console.internal.metrics.RunMeters;
import io.carillon.dispatcher.internal.StatsRecorder;
import io.carillon.planner.internal.PlannerMeters;
import io.carillon.topics.Json;
import io.carillon.topics.metrics.DeadLetterMeter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;

/**
 * The metrics docs agree with each other and with the code: the sample alert rules and the Grafana dashboard parse,
 * and every Carillon meter they query is listed in docs/operations.md's Metrics table, as is every meter the parts
 * register.
 */
class MetricsDocsTest {

    private static final Path DOCS = Path.of("..", "docs");
    private static final Pattern LISTED =
            Pattern.compile("^\\| `(carillon_[a-z_]+)` \\| `(carillon\\.[a-z.]+)`", Pattern.MULTILINE);
    private static final Pattern QUERIED = Pattern.compile("carillon_[a-z_]+");
    private static final Pattern SERIES_SUFFIX = Pattern.compile("_(bucket|count|sum|max)$");

    @Test
    void everyMeterTheAlertRulesQueryIsListed() throws IOException {
        Map<String, Object> rules = new Yaml().load(Files.readString(DOCS.resolve("prometheus-alerts.yml")));
        List<Map<String, Object>> groups = list(rules.get("groups"));
        List<String> expressions = new ArrayList<>();
        for (Map<String, Object> group : groups) {
            for (Map<String, Object> rule : list(group.get("rules"))) {
                assertThat(rule).containsKeys("alert", "expr", "labels", "annotations");
                assertThat(rule.get("labels")).asInstanceOf(MAP).containsKey("severity");
                expressions.add(rule.get("expr").toString());
            }
        }
        assertThat(expressions).hasSizeGreaterThanOrEqualTo(5);
        assertThat(queried(expressions)).isNotEmpty().isSubsetOf(listed().keySet());
    }

    @Test
    void everyMeterTheDashboardQueriesIsListed() throws IOException {
        JsonNode dashboard = Json.mapper().readTree(Files.readString(DOCS.resolve("grafana-dashboard.json")));
        List<String> expressions = new ArrayList<>();
        dashboard.get("panels").valueStream().forEach(panel -> {
            assertThat(panel.get("title").asString()).isNotBlank();
            assertThat(panel.get("targets").size()).isPositive();
            panel.get("targets")
                    .valueStream()
                    .forEach(target -> expressions.add(target.get("expr").asString()));
        });
        assertThat(queried(expressions)).isNotEmpty().isSubsetOf(listed().keySet());
    }

    @Test
    void everyMeterThePartsRegisterIsListed() throws IOException {
        assertThat(listed().values())
                .contains(
                        PlannerMeters.FIRES,
                        PlannerMeters.CANCELS,
                        StatsRecorder.LATENESS,
                        StatsRecorder.DISPATCHED,
                        StatsRecorder.NO_WORKER,
                        StatsRecorder.MISFIRE_SKIPPED,
                        StatsRecorder.HELD_FIRES,
                        StatsRecorder.ASSIGNED_PARTITIONS,
                        StatsRecorder.TRANSACTIONS,
                        StatsRecorder.RESTARTS,
                        AnalyticsMeters.INCIDENTS,
                        RunMeters.RUNS,
                        RunMeters.DURATION,
                        ConsoleGauges.INCIDENTS_OPEN,
                        ConsoleGauges.OUTBOX_BACKLOG,
                        DeadLetterMeter.DEAD_LETTERS,
                        "carillon.consumer.lag",
                        "carillon.worker.runs",
                        "carillon.worker.run.duration");
    }

    /** The Prometheus names of the Metrics table, each with its Micrometer name. */
    private static Map<String, String> listed() throws IOException {
        String operations = Files.readString(DOCS.resolve("operations.md"));
        Map<String, String> names = new TreeMap<>();
        Matcher row = LISTED.matcher(operations);
        while (row.find()) {
            names.put(row.group(1), row.group(2));
        }
        assertThat(names).hasSizeGreaterThanOrEqualTo(15);
        return names;
    }

    /** The Carillon series the expressions query, as listed: without a histogram's suffix. */
    private static Set<String> queried(List<String> expressions) {
        Set<String> names = new TreeSet<>();
        for (String expression : expressions) {
            Matcher name = QUERIED.matcher(expression);
            while (name.find()) {
                names.add(SERIES_SUFFIX.matcher(name.group()).replaceFirst(""));
            }
        }
        return names;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Object value) {
        return (List<Map<String, Object>>) value;
    }
}
