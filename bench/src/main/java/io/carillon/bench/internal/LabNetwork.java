package io.carillon.bench.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The fault lab's hosts: one Linux network namespace per host ({@code clab-<host>}), each with a veth pair whose
 * outer end hangs on the bridge {@value #BRIDGE}, an address in {@value #SUBNET}0/24 (which exists only on that
 * bridge) and its own loopback. The harness itself, with the console and PostgreSQL, stays in the root namespace and
 * reaches every host through the bridge ({@value #SUBNET}1). {@link #isolate} takes a host's link down, so it can
 * reach nobody and nobody it, until {@link #heal}. {@link #close()} kills the processes left on the hosts and removes
 * every namespace, link and the bridge, also those an interrupted earlier run left; a shutdown hook does the same
 * when the JVM is stopped. Needs root and
 * {@code ip} (iproute2). Used by one thread.
 */
final class LabNetwork implements AutoCloseable {

    static final String BRIDGE = "clab0";
    static final String NAMESPACE_PREFIX = "clab-";
    static final String SUBNET = "10.77.0.";
    private static final int PREFIX_LENGTH = 24;
    private static final int FIRST_HOST_OCTET = 11;
    private static final int MAX_HOSTS = 200;
    private static final long COMMAND_TIMEOUT_S = 20;

    private final Map<String, String> addresses = new LinkedHashMap<>();
    private final PrintStream progress;
    private final Thread cleanupHook = new Thread(LabNetwork::removeAll, "fault-lab-cleanup");

    private LabNetwork(PrintStream progress) {
        this.progress = progress;
    }

    /** Why a lab cannot be built here (not root, no {@code ip}, namespaces refused), or empty when it can. */
    static Optional<String> unavailable() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return Optional.of("the fault lab makes network namespaces and needs root");
        }
        String probe = NAMESPACE_PREFIX + "probe";
        Result added = run(List.of("ip", "netns", "add", probe));
        if (added.exitCode() != 0) {
            return Optional.of(
                    "network namespaces cannot be made here: " + added.output().strip());
        }
        run(List.of("ip", "netns", "del", probe));
        return Optional.empty();
    }

    /** Builds the bridge and one namespace per host, after removing any an earlier run left. */
    static LabNetwork create(List<String> hosts, PrintStream progress) {
        if (hosts.size() > MAX_HOSTS) {
            throw new IllegalArgumentException("a lab has at most " + MAX_HOSTS + " hosts, not " + hosts.size());
        }
        removeAll();
        LabNetwork lab = new LabNetwork(progress);
        Runtime.getRuntime().addShutdownHook(lab.cleanupHook);
        try {
            lab.must(List.of("ip", "link", "add", BRIDGE, "type", "bridge"));
            lab.must(List.of("ip", "addr", "add", SUBNET + "1/" + PREFIX_LENGTH, "dev", BRIDGE));
            lab.must(List.of("ip", "link", "set", BRIDGE, "up"));
            for (int i = 0; i < hosts.size(); i++) {
                lab.addHost(hosts.get(i), SUBNET + (FIRST_HOST_OCTET + i));
            }
            progress.println("fault lab: " + hosts.size() + " hosts on " + BRIDGE + " (" + lab.addresses + ")");
            return lab;
        } catch (RuntimeException e) {
            lab.close();
            throw e;
        }
    }

    private void addHost(String host, String address) {
        String namespace = NAMESPACE_PREFIX + host;
        must(List.of("ip", "netns", "add", namespace));
        must(List.of("ip", "link", "add", namespace, "type", "veth", "peer", "name", "eth0", "netns", namespace));
        must(List.of("ip", "link", "set", namespace, "master", BRIDGE, "up"));
        must(List.of("ip", "-n", namespace, "addr", "add", address + "/" + PREFIX_LENGTH, "dev", "eth0"));
        must(List.of("ip", "-n", namespace, "link", "set", "eth0", "up"));
        must(List.of("ip", "-n", namespace, "link", "set", "lo", "up"));
        addresses.put(host, address);
    }

    /** The host's address on the lab's bridge. */
    String address(String host) {
        String address = addresses.get(host);
        if (address == null) {
            throw new IllegalArgumentException("no host '" + host + "' in the lab; it has " + addresses.keySet());
        }
        return address;
    }

    /** The command prefix that runs a program on {@code host}. */
    List<String> on(String host) {
        address(host);
        return List.of("ip", "netns", "exec", NAMESPACE_PREFIX + host);
    }

    /** Cuts {@code host} off from every other host and from the harness. */
    void isolate(String host) {
        address(host);
        must(List.of("ip", "link", "set", NAMESPACE_PREFIX + host, "down"));
    }

    /** Ends {@link #isolate}. */
    void heal(String host) {
        address(host);
        must(List.of("ip", "link", "set", NAMESPACE_PREFIX + host, "up"));
    }

    @Override
    public void close() {
        removeAll();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanupHook);
        } catch (IllegalStateException shuttingDown) {
            progress.println("fault lab: removed while the JVM shuts down");
        }
    }

    private static void removeAll() {
        Result namespaces = run(List.of("ip", "netns", "list"));
        namespaces
                .output()
                .lines()
                .map(line -> line.split(" ")[0])
                .filter(name -> name.startsWith(NAMESPACE_PREFIX))
                .forEach(LabNetwork::removeNamespace);
        Result links = run(List.of("ip", "-o", "link", "show"));
        links.output()
                .lines()
                .map(line -> line.split(":", 3))
                .filter(fields -> fields.length == 3)
                .map(fields -> fields[1].strip().split("@")[0])
                .filter(name -> name.startsWith(NAMESPACE_PREFIX))
                .forEach(name -> run(List.of("ip", "link", "del", name)));
        run(List.of("ip", "link", "del", BRIDGE));
    }

    /** Kills every process left in {@code namespace} (a part of an interrupted run), then deletes it. */
    private static void removeNamespace(String namespace) {
        run(List.of("ip", "netns", "pids", namespace))
                .output()
                .lines()
                .map(String::strip)
                .filter(pid -> !pid.isEmpty() && pid.chars().allMatch(Character::isDigit))
                .forEach(pid -> ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly));
        run(List.of("ip", "netns", "del", namespace));
    }

    private void must(List<String> command) {
        Result result = run(command);
        if (result.exitCode() != 0) {
            throw new IllegalStateException("fault lab: '" + String.join(" ", command) + "' failed ("
                    + result.exitCode() + "): " + result.output().strip());
        }
    }

    private static Result run(List<String> command) {
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            if (!process.waitFor(COMMAND_TIMEOUT_S, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Result(-1, "did not end within " + COMMAND_TIMEOUT_S + " s");
            }
            return new Result(
                    process.exitValue(), new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Result(-1, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        }
    }

    private record Result(int exitCode, String output) {}
}
