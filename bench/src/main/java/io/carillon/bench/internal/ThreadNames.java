package io.carillon.bench.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The full names of a JVM's threads by native thread id ({@code /proc}'s tid), from {@code jcmd <pid> Thread.print}:
 * {@code /proc/<pid>/task/<tid>/comm} cuts names at 15 characters, too short to tell the parts apart. Stateless and
 * thread-safe.
 */
final class ThreadNames {

    /** A thread's header line: {@code "name" #1 ... nid=0x22c5 ...} (hexadecimal) or {@code nid=8901} (decimal). */
    private static final Pattern HEADER =
            Pattern.compile("^\"(.*)\" .*\\bnid=(0x[0-9a-fA-F]+|[0-9]+)\\b", Pattern.MULTILINE);

    private static final long JCMD_TIMEOUT_S = 60;
    private static final int HEX = 16;

    private ThreadNames() {}

    /** The names of process {@code pid}'s threads by thread id, through the JDK's {@code jcmd}. */
    static Map<Long, String> of(long pid) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process process = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print")
                    .redirectErrorStream(true)
                    .start();
            String dump = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(JCMD_TIMEOUT_S, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("jcmd " + pid + " Thread.print failed: " + dump);
            }
            return parse(dump);
        } catch (IOException e) {
            throw new UncheckedIOException("could not run " + jcmd, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running jcmd", e);
        }
    }

    /** The thread names of a {@code Thread.print} dump by native thread id. */
    static Map<Long, String> parse(String dump) {
        Map<Long, String> names = new HashMap<>();
        Matcher header = HEADER.matcher(dump);
        while (header.find()) {
            String nid = header.group(2);
            long tid = nid.startsWith("0x") ? Long.parseLong(nid.substring(2), HEX) : Long.parseLong(nid);
            names.put(tid, header.group(1));
        }
        return names;
    }
}
