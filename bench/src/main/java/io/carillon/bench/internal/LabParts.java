package io.carillon.bench.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Carillon parts of the fault lab, each on a host of its own: two planners (one standby replica each), two
 * dispatchers (static members: a part started again on its host takes its instance id back), three bench workers
 * recording every handler start ({@link StartFile}). A part's processes are named after their host and generation
 * ({@code w1-1}, then {@code w1-2} after a kill); a worker's instance id is that name. Used by one thread.
 */
final class LabParts {

    static final Map<String, List<String>> HOSTS = hostsByPart();
    static final List<String> JVM_OPTIONS = List.of("-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    private static final int STANDBY_REPLICAS = 1;

    private final LabNetwork lab;
    private final ProcessFleet fleet;
    private final Path folder;
    private final StartFiles startFiles;
    private final int workerCapacity;
    private final Map<String, ChildProcess> live = new HashMap<>();
    private final Map<String, Integer> generations = new HashMap<>();

    LabParts(LabNetwork lab, ProcessFleet fleet, Path folder, StartFiles startFiles, int workerCapacity) {
        this.lab = lab;
        this.fleet = fleet;
        this.folder = folder;
        this.startFiles = startFiles;
        this.workerCapacity = workerCapacity;
    }

    private static Map<String, List<String>> hostsByPart() {
        Map<String, List<String>> hosts = new LinkedHashMap<>();
        hosts.put("planner", List.of("p1", "p2"));
        hosts.put("dispatcher", List.of("d1", "d2"));
        hosts.put("worker", List.of("w1", "w2", "w3"));
        return hosts;
    }

    /** Every host a part runs on. */
    static List<String> hosts() {
        List<String> all = new ArrayList<>();
        HOSTS.values().forEach(all::addAll);
        return all;
    }

    /** The part kind that runs on {@code host}. */
    static String partOf(String host) {
        return HOSTS.entrySet().stream()
                .filter(entry -> entry.getValue().contains(host))
                .map(Map.Entry::getKey)
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no part runs on " + host));
    }

    void startAll() {
        hosts().forEach(host -> start(host, ChildProcess.Launch.DIRECT.environment()));
    }

    /** Starts the part of {@code host} there, with {@code environment} added (a skewed clock), and names it. */
    String start(String host, Map<String, String> environment) {
        String part = partOf(host);
        String name = host + "-" + generations.merge(host, 1, Integer::sum);
        List<String> args = switch (part) {
            case "planner" ->
                List.of(
                        "--state-dir",
                        folder.resolve(host + "-state").toString(),
                        "--standby-replicas",
                        Integer.toString(STANDBY_REPLICAS));
            case "dispatcher" -> List.of("--instance-id", "dispatcher-" + host);
            default -> {
                Path file = folder.resolve(name + StartFiles.SUFFIX);
                startFiles.add(file);
                yield List.of(
                        "--instance-id",
                        name,
                        "--starts-file",
                        file.toString(),
                        "--capacity",
                        Integer.toString(workerCapacity));
            }
        };
        live.put(host, fleet.start(name, part, new ChildProcess.Launch(lab.on(host), environment), JVM_OPTIONS, args));
        return name;
    }

    /** The process now running on {@code host}. */
    ChildProcess on(String host) {
        ChildProcess child = live.get(host);
        if (child == null) {
            throw new IllegalStateException("no part runs on " + host + " now");
        }
        return child;
    }

    /** {@code kill -9} of the part on {@code host}; nothing runs there until {@link #start}. */
    void kill(String host) {
        live.remove(host).kill();
    }

    /** SIGTERM to the part on {@code host}, which closes gracefully; nothing runs there until {@link #start}. */
    void stop(String host) {
        live.remove(host).stop();
    }
}
