package io.carillon.bench.internal;

import io.carillon.bench.internal.LabFault.Action;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The named schedules of the fault lab. {@code short}: one fault of each kind (a worker's host cut off, the
 * planner frozen past its session, a dispatcher killed, a worker's clock 20 s ahead). {@code long}: every fault of
 * every kind, one after the other. Stateless.
 */
final class FaultSchedule {

    static final Duration SKEW = Duration.ofSeconds(20);
    static final List<String> NAMES = List.of("short", "long");

    private FaultSchedule() {}

    /**
     * The faults of the schedule {@code name}, each held {@code hold}.
     *
     * @throws UsageException for an unknown name
     */
    static List<LabFault> named(String name, Duration hold) {
        return switch (name) {
            case "short" ->
                List.of(
                        new LabFault(Action.ISOLATE, List.of("worker"), Duration.ZERO, hold),
                        new LabFault(Action.PAUSE, List.of("planner"), Duration.ZERO, hold),
                        new LabFault(Action.KILL, List.of("dispatcher"), Duration.ZERO, hold),
                        new LabFault(Action.SKEW, List.of("worker"), SKEW, hold));
            case "long" -> everyFault(hold);
            default ->
                throw new UsageException(
                        "--schedule: unknown schedule '" + name + "': say " + String.join(" or ", NAMES));
        };
    }

    private static List<LabFault> everyFault(Duration hold) {
        List<LabFault> faults = new ArrayList<>();
        for (String part : List.of("worker", "planner", "dispatcher", "broker")) {
            faults.add(new LabFault(Action.ISOLATE, List.of(part), Duration.ZERO, hold));
        }
        for (String part : List.of("worker", "planner", "dispatcher")) {
            faults.add(new LabFault(Action.PAUSE, List.of(part), Duration.ZERO, hold));
        }
        for (String part : List.of("broker", "planner", "dispatcher", "worker")) {
            faults.add(new LabFault(Action.KILL, List.of(part), Duration.ZERO, hold));
        }
        faults.add(new LabFault(Action.KILL, List.of("worker", "planner"), Duration.ZERO, hold));
        for (String part : List.of("worker", "planner")) {
            faults.add(new LabFault(Action.SKEW, List.of(part), SKEW, hold));
            faults.add(new LabFault(Action.SKEW, List.of(part), SKEW.negated(), hold));
        }
        return faults;
    }
}
