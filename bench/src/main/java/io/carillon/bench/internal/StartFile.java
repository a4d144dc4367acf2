package io.carillon.bench.internal;

import io.carillon.worker.JobContext;
import io.carillon.worker.JobHandlerFunction;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;

/**
 * The handlers of a worker process (no-op, and failing), writing one line per handler start to its own file: {@code
 * <job id> <scheduled epoch ms> <shard> <attempt> <start epoch µs> <fire id>}. Each line is one unbuffered {@code
 * write} to the operating system, so a {@code kill -9} of the process loses no start it recorded. The handler may be
 * called from any number of run threads at once (writes are serialized).
 */
final class StartFile implements AutoCloseable {

    private final FileOutputStream out;
    private final Clock clock;

    private StartFile(FileOutputStream out, Clock clock) {
        this.out = out;
        this.clock = clock;
    }

    static StartFile open(Path file, Clock clock) {
        try {
            return new StartFile(new FileOutputStream(file.toFile(), true), clock);
        } catch (IOException e) {
            throw new UncheckedIOException("could not open the handler-start file " + file, e);
        }
    }

    /** The handler: reads the clock first, then writes the line. */
    JobHandlerFunction handler() {
        return this::record;
    }

    /** The failing handler: writes the line as {@link #handler()} does, then throws, so the run ends FAILED. */
    JobHandlerFunction failingHandler() {
        return context -> {
            record(context);
            throw new HandlerStarts.FailingOnPurpose(context.jobId());
        };
    }

    private Object record(JobContext context) {
        Instant startedAt = clock.instant();
        String line = context.jobId()
                + ' '
                + context.scheduledAt().toEpochMilli()
                + ' '
                + context.shardIndex()
                + ' '
                + context.attempt()
                + ' '
                + HandlerStarts.micros(startedAt)
                + ' '
                + context.fireId()
                + '\n';
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        synchronized (this) {
            try {
                out.write(bytes);
            } catch (IOException e) {
                throw new UncheckedIOException("could not record a handler start", e);
            }
        }
        return null;
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
