package io.carillon.bench.internal;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntSupplier;

/**
 * Does each {@link LabFault} to its victims and heals it: cuts a host's link, freezes a process, kills one, or runs
 * it with a moved clock through libfaketime. The victim of a part is its first host ({@code w1}, {@code p1},
 * {@code d1}); of a broker, the leader of the fires topic's first partition at that moment. Used by one thread.
 */
final class Nemesis {

    static final Path FAKETIME = Path.of("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1");

    private final LabNetwork lab;
    private final LabParts parts;
    private final LabBrokers brokers;
    private final IntSupplier leaderNode;
    private final PrintStream progress;

    /**
     * @param leaderNode answers the node id that leads the fires topic's first partition now
     */
    Nemesis(LabNetwork lab, LabParts parts, LabBrokers brokers, IntSupplier leaderNode, PrintStream progress) {
        this.lab = lab;
        this.parts = parts;
        this.brokers = brokers;
        this.leaderNode = leaderNode;
        this.progress = progress;
    }

    /** Why {@code fault} cannot be done here, or empty when it can. */
    static Optional<String> cannotDo(LabFault fault) {
        if (fault.action() == LabFault.Action.SKEW && !Files.exists(FAKETIME)) {
            return Optional.of("libfaketime is not installed (" + FAKETIME + "; Debian's package faketime)");
        }
        return Optional.empty();
    }

    /** Does {@code fault} now. */
    Applied apply(LabFault fault, Instant at) {
        List<String> victims = new ArrayList<>();
        for (String part : fault.parts()) {
            victims.add(
                    part.equals(LabBrokers.PART)
                            ? brokers.hostOf(leaderNode.getAsInt())
                            : LabParts.HOSTS.get(part).get(0));
        }
        for (String host : victims) {
            switch (fault.action()) {
                case ISOLATE -> lab.isolate(host);
                case PAUSE -> parts.on(host).pause();
                case KILL -> kill(host);
                case SKEW -> {
                    parts.stop(host);
                    parts.start(host, skewed(fault.skew()));
                }
            }
        }
        progress.println("nemesis: " + fault.name() + " on " + victims + " for "
                + fault.hold().toSeconds() + " s");
        return new Applied(fault, victims, at);
    }

    /** Ends {@code applied}. */
    void heal(Applied applied) {
        for (String host : applied.victims()) {
            switch (applied.fault().action()) {
                case ISOLATE -> lab.heal(host);
                case PAUSE -> parts.on(host).resume();
                case KILL -> restart(host);
                case SKEW -> {
                    parts.stop(host);
                    parts.start(host, Map.of());
                }
            }
        }
        progress.println("nemesis: healed " + applied.fault().name() + " on " + applied.victims());
    }

    private void kill(String host) {
        if (brokers.runsOn(host)) {
            brokers.kill(host);
        } else {
            parts.kill(host);
        }
    }

    private void restart(String host) {
        if (brokers.runsOn(host)) {
            brokers.start(host);
        } else {
            parts.start(host, Map.of());
        }
    }

    private static Map<String, String> skewed(Duration skew) {
        return Map.of(
                "LD_PRELOAD",
                FAKETIME.toString(),
                "FAKETIME",
                (skew.isNegative() ? "-" : "+") + Math.abs(skew.toSeconds()) + "s",
                "FAKETIME_DONT_FAKE_MONOTONIC",
                "1",
                "FAKETIME_DONT_RESET",
                "1");
    }

    /** A fault done: to whom and when. */
    record Applied(LabFault fault, List<String> victims, Instant at) {}
}
