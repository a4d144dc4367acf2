package io.carillon.bench.internal;

import io.carillon.bench.internal.HandlerStarts.StartKey;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the {@link StartFile}s of the worker processes into one {@link HandlerStarts}, picking up where the previous
 * {@link #poll()} stopped (a line is taken once complete), plus the fire ids that started. Used by one thread; the
 * {@link HandlerStarts} it fills may be read from any.
 */
final class StartFiles {

    private static final int FIELDS = 6;
    /** How a worker's start file is named: the worker's instance id and this ending. */
    static final String SUFFIX = ".starts";

    private final HandlerStarts starts;
    private final List<Path> files = new ArrayList<>();
    private final Map<Path, Long> offsets = new HashMap<>();
    private final Map<Path, String> partial = new HashMap<>();
    private final Set<String> fireIds = new HashSet<>();
    private final Set<String> jobIds = new HashSet<>();
    private final Map<StartKey, List<String>> startedBy = new HashMap<>();
    private long unreadable;

    StartFiles(HandlerStarts starts) {
        this.starts = starts;
    }

    /** Adds the file of one more worker process. */
    void add(Path file) {
        files.add(file);
    }

    /** Reads what the files gained since the last call. */
    void poll() {
        for (Path file : files) {
            if (Files.exists(file)) {
                read(file);
            }
        }
    }

    private void read(Path file) {
        long from = offsets.getOrDefault(file, 0L);
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long length = in.length();
            if (length <= from) {
                return;
            }
            byte[] bytes = new byte[(int) (length - from)];
            in.seek(from);
            in.readFully(bytes);
            offsets.put(file, length);
            String text = partial.getOrDefault(file, "") + new String(bytes, StandardCharsets.UTF_8);
            int end = text.lastIndexOf('\n');
            partial.put(file, text.substring(end + 1));
            if (end >= 0) {
                String worker = workerOf(file);
                text.substring(0, end).lines().forEach(line -> parse(line, worker));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the handler starts in " + file, e);
        }
    }

    /** The worker a start file belongs to: its name without the {@value #SUFFIX} ending. */
    static String workerOf(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(SUFFIX) ? name.substring(0, name.length() - SUFFIX.length()) : name;
    }

    private void parse(String line, String worker) {
        String[] fields = line.split(" ");
        if (fields.length != FIELDS) {
            unreadable++;
            return;
        }
        try {
            StartKey key = new StartKey(
                    fields[0], Long.parseLong(fields[1]), Integer.parseInt(fields[2]), Integer.parseInt(fields[3]));
            starts.add(key, Long.parseLong(fields[4]));
            startedBy.computeIfAbsent(key, ignored -> new ArrayList<>(1)).add(worker);
            fireIds.add(fields[5]);
            jobIds.add(fields[0]);
        } catch (NumberFormatException e) {
            unreadable++;
        }
    }

    HandlerStarts starts() {
        return starts;
    }

    /** The workers that started {@code key}, once per start, in the order read; empty when none did. */
    List<String> workersOf(StartKey key) {
        return startedBy.getOrDefault(key, List.of());
    }

    /** Whether a handler started for the fire {@code fireId}. */
    boolean fireStarted(String fireId) {
        return fireIds.contains(fireId);
    }

    /** How many distinct jobs have started at least once. */
    int jobsStarted() {
        return jobIds.size();
    }

    /** Lines that were not six fields (a torn line can only be the last one of a killed process). */
    long unreadable() {
        return unreadable;
    }
}
