package io.carillon.testkit;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The samples of a Prometheus text exposition ({@code /actuator/prometheus}), for tests that scrape a process the way
 * Prometheus does. Immutable.
 */
public final class PrometheusText {

    /** Where a Carillon part serves its meters. */
    public static final String PATH = "/actuator/prometheus";

    private static final int HTTP_OK = 200;
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})?\\s+(\\S+).*$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** One sample: the series name, its labels and its value. */
    public record Sample(String name, Map<String, String> labels, double value) {}

    private final List<Sample> samples;

    private PrometheusText(List<Sample> samples) {
        this.samples = List.copyOf(samples);
    }

    /**
     * Scrapes {@code GET http://localhost:<port>/actuator/prometheus} without credentials, as Prometheus does.
     *
     * @throws IllegalStateException when the answer is not 200
     */
    public static PrometheusText scrape(int port) {
        HttpResponse<String> answer = HttpProbe.get(port, PATH);
        if (answer.statusCode() != HTTP_OK) {
            throw new IllegalStateException("GET " + PATH + " answered " + answer.statusCode());
        }
        return parse(answer.body());
    }

    /** The samples of {@code body}; comment lines ({@code # HELP}, {@code # TYPE}) are skipped. */
    public static PrometheusText parse(String body) {
        List<Sample> samples = new ArrayList<>();
        for (String line : body.split("\n")) {
            Matcher sample = SAMPLE.matcher(line.strip());
            if (line.startsWith("#") || !sample.matches()) {
                continue;
            }
            Map<String, String> labels = new LinkedHashMap<>();
            if (sample.group(3) != null) {
                Matcher label = LABEL.matcher(sample.group(3));
                while (label.find()) {
                    labels.put(label.group(1), label.group(2));
                }
            }
            samples.add(new Sample(sample.group(1), labels, Double.parseDouble(sample.group(4))));
        }
        return new PrometheusText(samples);
    }

    /** The samples of series {@code name} whose labels include {@code labels}. */
    public List<Sample> samples(String name, Map<String, String> labels) {
        return samples.stream()
                .filter(sample -> sample.name().equals(name))
                .filter(sample -> sample.labels().entrySet().containsAll(labels.entrySet()))
                .toList();
    }

    /** Whether any series is named {@code name}. */
    public boolean has(String name) {
        return samples.stream().anyMatch(sample -> sample.name().equals(name));
    }

    /** Whether any series name starts with {@code prefix}. */
    public boolean hasPrefix(String prefix) {
        return samples.stream().anyMatch(sample -> sample.name().startsWith(prefix));
    }

    /** The sum of the samples of {@code name} whose labels include {@code labels}; 0 when there are none. */
    public double sum(String name, Map<String, String> labels) {
        return samples(name, labels).stream().mapToDouble(Sample::value).sum();
    }
}
