package io.carillon.bench.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The CPU ticks (utime + stime, USER_HZ of 1/100 s) of each thread of a process, read from
 * {@code /proc/<pid>/task/<tid>/stat}, and their parsing. Stateless and thread-safe.
 */
final class ThreadTicks {

    private static final int UTIME_AFTER_COMM = 11;
    private static final int STIME_AFTER_COMM = 12;

    private ThreadTicks() {}

    /** The ticks so far of each live thread of process {@code pid}, by thread id; empty when the process is gone. */
    static Map<Long, Long> of(long pid) {
        Map<Long, Long> ticks = new HashMap<>();
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        try (Stream<Path> threads = Files.list(tasks)) {
            for (Path thread : threads.toList()) {
                try {
                    ticks.put(
                            Long.parseLong(thread.getFileName().toString()),
                            parse(Files.readString(thread.resolve("stat"))));
                } catch (IOException | RuntimeException e) {
                    // the thread ended between the listing and the read: it spends nothing in the window
                }
            }
        } catch (IOException e) {
            return ticks;
        }
        return ticks;
    }

    /** utime + stime of one {@code stat} line; its command name may hold spaces and parentheses. */
    static long parse(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        return Long.parseLong(fields[UTIME_AFTER_COMM]) + Long.parseLong(fields[STIME_AFTER_COMM]);
    }

    /**
     * The ticks each thread spent between two snapshots, by thread id: a thread that started in between counts from
     * zero, one that ended in between is not counted.
     */
    static Map<Long, Long> spent(Map<Long, Long> before, Map<Long, Long> after) {
        Map<Long, Long> spent = new HashMap<>();
        after.forEach((tid, ticks) -> spent.put(tid, Math.max(0, ticks - before.getOrDefault(tid, 0L))));
        return spent;
    }
}
