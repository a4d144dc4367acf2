package io.carillon.bench.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The live heap of another JVM: {@code jcmd <pid> GC.run} (a full collection), then {@code jcmd <pid> GC.heap_info},
 * whose first line reads e.g. {@code garbage-first heap   total 262144K, used 81234K}. The used figure right after a
 * full collection is what the process's data needs, whatever the collector would let it grow to. Stateless.
 */
final class HeapProbe {

    private static final Pattern HEAP_LINE = Pattern.compile("heap\\s+total (\\d+)K, used (\\d+)K");
    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final double KB_PER_MB = 1024.0;

    private HeapProbe() {}

    /** {@code [used, committed]} heap in MB after a full GC of {@code pid}; {@code [-1, -1]} when jcmd failed. */
    static double[] afterFullGc(long pid) {
        if (jcmd(pid, "GC.run") == null) {
            return new double[] {-1, -1};
        }
        String info = jcmd(pid, "GC.heap_info");
        Matcher matcher = info == null ? null : HEAP_LINE.matcher(info);
        if (matcher == null || !matcher.find()) {
            return new double[] {-1, -1};
        }
        return new double[] {mb(Long.parseLong(matcher.group(2))), mb(Long.parseLong(matcher.group(1)))};
    }

    private static double mb(long kb) {
        return Math.round(kb / KB_PER_MB * 10) / 10.0;
    }

    private static String jcmd(long pid, String command) {
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        return CommandOutput.of(List.of(jcmd, Long.toString(pid), command), TIMEOUT);
    }
}
