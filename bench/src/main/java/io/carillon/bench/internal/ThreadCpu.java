package io.carillon.bench.internal;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;

/**
 * CPU time of some of this JVM's threads, picked by a fragment of their names, through {@link ThreadMXBean}: a
 * snapshot per thread id, and the CPU spent between two snapshots. Stateless and thread-safe.
 */
final class ThreadCpu {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private ThreadCpu() {}

    /**
     * The CPU nanoseconds so far of each live thread whose name contains {@code nameFragment}, by thread id; empty
     * when the JVM does not measure thread CPU time.
     */
    static Map<Long, Long> snapshot(String nameFragment) {
        Map<Long, Long> nanos = new HashMap<>();
        if (!THREADS.isThreadCpuTimeSupported() || !THREADS.isThreadCpuTimeEnabled()) {
            return nanos;
        }
        for (ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (info != null && info.getThreadName().contains(nameFragment)) {
                long cpu = THREADS.getThreadCpuTime(info.getThreadId());
                if (cpu >= 0) {
                    nanos.put(info.getThreadId(), cpu);
                }
            }
        }
        return nanos;
    }

    /**
     * The CPU nanoseconds spent between two snapshots by the threads alive at {@code after}; a thread that started
     * in between counts from zero, one that ended in between is not counted.
     */
    static long spentNanos(Map<Long, Long> before, Map<Long, Long> after) {
        long spent = 0;
        for (Map.Entry<Long, Long> thread : after.entrySet()) {
            spent += Math.max(0, thread.getValue() - before.getOrDefault(thread.getKey(), 0L));
        }
        return spent;
    }
}
