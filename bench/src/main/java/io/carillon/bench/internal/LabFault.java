package io.carillon.bench.internal;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * One fault of the lab's schedule: what the nemesis does to which part, healed after {@code hold}. A kill is healed
 * by starting a replacement on the victim's host; a skewed clock by starting the part again with the true clock.
 *
 * @param action what is done
 * @param parts  the part kinds it is done to, one victim of each ({@code worker}, {@code planner},
 *               {@code dispatcher}, {@code broker}; for {@link Action#ISOLATE} and {@link Action#KILL} of a broker,
 *               the leader of the fires topic's first partition)
 * @param skew   how far the victim's clock is moved, for {@link Action#SKEW}
 * @param hold   how long the fault lasts
 */
record LabFault(Action action, List<String> parts, Duration skew, Duration hold) {

    enum Action {
        /** The victim's host loses its link: it reaches nobody and nobody reaches it. */
        ISOLATE,
        /** SIGSTOP, as a GC pause past every session timeout; SIGCONT at the heal. */
        PAUSE,
        /** {@code kill -9}. */
        KILL,
        /** The victim runs again with its clock moved by {@code skew} (libfaketime). */
        SKEW
    }

    LabFault {
        parts = List.copyOf(parts);
    }

    /** E.g. {@code isolate-worker}, {@code kill-worker+planner}, {@code skew-planner-behind}. */
    String name() {
        String name = action.name().toLowerCase(Locale.ROOT) + "-" + String.join("+", parts);
        if (action == Action.SKEW) {
            name += skew.isNegative() ? "-behind" : "-ahead";
        }
        return name;
    }
}
