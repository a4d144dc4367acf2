package io.carillon.topics.spring;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Actuator settings a runnable Carillon process starts with: {@code /actuator/health} with its two probe groups
 * and {@code /actuator/prometheus} (the process's meters for Prometheus to scrape) are the only actuator endpoints
 * on the web, health details are shown to authorized users only, and
 * <ul>
 *   <li>{@code /actuator/health/liveness}: {@code livenessState} and the process's engines (planner, dispatcher),
 *       where OUT_OF_SERVICE (starting, rebalancing) still answers 200: only a dead engine asks for a restart;</li>
 *   <li>{@code /actuator/health/readiness}: {@code readinessState}, {@code carillonKafka} (cluster reachable, core
 *       topics present) and what the process needs to do its work (engines RUNNING, database migrated).</li>
 * </ul>
 */
public final class HealthProbes {

    private static final String GROUP = "management.endpoint.health.group.";
    /** The actuator endpoints on the web. */
    public static final String EXPOSED_ENDPOINTS = "health,prometheus";

    private HealthProbes() {}

    /**
     * The probe groups; an engine a process runs without (turned off by its {@code enabled} property) is left out of
     * them rather than failing the start.
     *
     * @param engines health indicators of the process's engines, in both groups
     * @param needs further health indicators the process needs to be ready (e.g. {@code db})
     */
    public static Map<String, Object> properties(List<String> engines, List<String> needs) {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("management.endpoints.web.exposure.include", EXPOSED_ENDPOINTS);
        properties.put("management.endpoint.health.probes.enabled", "true");
        properties.put("management.endpoint.health.show-details", "when-authorized");
        properties.put("management.endpoint.health.validate-group-membership", "false");
        properties.put(GROUP + "liveness.include", join("livenessState", engines, List.of()));
        properties.put(GROUP + "liveness.status.http-mapping.out-of-service", "200");
        properties.put(GROUP + "readiness.include", join("readinessState,carillonKafka", engines, needs));
        return properties;
    }

    private static String join(String first, List<String> more, List<String> evenMore) {
        StringBuilder joined = new StringBuilder(first);
        more.forEach(name -> joined.append(',').append(name));
        evenMore.forEach(name -> joined.append(',').append(name));
        return joined.toString();
    }
}
