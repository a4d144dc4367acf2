package io.carillon.console.internal.logs;

import io.carillon.console.internal.logs.LogRepository.StreamPosition;
import io.carillon.console.internal.logs.LogRepository.StreamedRun;
import io.carillon.topics.Json;
import io.carillon.topics.events.RunStatus;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The live log streams (Server-Sent Events) open in this console. One poller thread serves them all: each pass reads
 * the new lines of every open stream and the status of their runs in two queries, whatever the number of streams,
 * and sends them. It passes every {@code stream-poll-interval}, and at once when {@link #linesStored} says that lines
 * of a streamed run were stored, so a line materialized here goes out within a pass and one materialized by
 * another console instance within a poll interval.
 * <p>
 * A stream sends each line as an event {@code line} (id: its seq, so a reconnecting EventSource resumes after it), an
 * event {@code cut} once all kept lines were sent when the log was cut, and ends with an event {@code end} (data: the
 * run's status) once its run is terminal, that status was stored at least {@code stream-settle} ago and every line was
 * sent. A stream open for {@code stream-max-duration} (by the injected Clock) is closed without {@code end}; the
 * client reconnects after its last seq. At most {@code max-streams} are open at once. A client that went away is
 * noticed at the next line or keep-alive comment sent to it. Thread-safe.
 */
@Component
public class LogStreams implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(LogStreams.class);
    /** How much longer than the stream's own deadline the servlet container waits before it times the stream out. */
    private static final Duration BACKSTOP_MARGIN = Duration.ofMinutes(1);

    private final LogRepository logs;
    private final Clock clock;
    private final LogProperties settings;
    private final Set<OpenStream> streams = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean wakeRequested = new AtomicBoolean();
    private final AtomicLong failedPasses = new AtomicLong();
    private volatile ScheduledExecutorService poller;

    public LogStreams(LogRepository logs, Clock clock, LogProperties settings) {
        this.logs = logs;
        this.clock = clock;
        this.settings = settings;
    }

    /**
     * Opens a stream of run {@code runId}'s lines after seq {@code after}; the caller has checked access.
     *
     * @throws TooManyStreamsException when {@code max-streams} streams are open
     */
    public synchronized SseEmitter open(String runId, long after) {
        if (streams.size() >= settings.getMaxStreams()) {
            throw new TooManyStreamsException(settings.getMaxStreams());
        }
        SseEmitter emitter = new SseEmitter(
                settings.getStreamMaxDuration().plus(BACKSTOP_MARGIN).toMillis());
        Instant now = clock.instant();
        OpenStream stream = new OpenStream(runId, emitter, now.plus(settings.getStreamMaxDuration()), after, now);
        emitter.onCompletion(() -> streams.remove(stream));
        emitter.onTimeout(() -> close(stream));
        emitter.onError(error -> streams.remove(stream));
        streams.add(stream);
        wake();
        return emitter;
    }

    /** Tells the streams that lines of {@code runIds} were stored; a stream of one of them is served at once. */
    public void linesStored(Set<String> runIds) {
        if (!runIds.isEmpty() && streams.stream().anyMatch(stream -> runIds.contains(stream.runId))) {
            wake();
        }
    }

    /** The streams open now. */
    public int openCount() {
        return streams.size();
    }

    /** The passes that failed (the database was unavailable) since the start; each was logged. */
    public long failedPasses() {
        return failedPasses.get();
    }

    private void wake() {
        ScheduledExecutorService current = poller;
        if (current != null && wakeRequested.compareAndSet(false, true)) {
            current.execute(this::pass);
        }
    }

    private void pass() {
        wakeRequested.set(false);
        try {
            serve(List.copyOf(streams));
        } catch (RuntimeException e) {
            failedPasses.incrementAndGet();
            log.warn(
                    "a pass over {} live log streams failed; the next pass tries again: {}",
                    streams.size(),
                    e.toString());
        }
    }

    private void serve(List<OpenStream> open) {
        if (open.isEmpty()) {
            return;
        }
        Instant now = clock.instant();
        Map<String, StreamedRun> runs = logs.streamedRuns(
                open.stream().map(stream -> stream.runId).collect(Collectors.toCollection(LinkedHashSet::new)));
        List<List<LogLineView>> pages = logs.pages(
                open.stream()
                        .map(stream -> new StreamPosition(stream.runId, stream.after))
                        .toList(),
                settings.getStreamBatchLines());
        for (int i = 0; i < open.size(); i++) {
            advance(open.get(i), pages.get(i), runs.get(open.get(i).runId), now);
        }
    }

    private void advance(OpenStream stream, List<LogLineView> lines, StreamedRun run, Instant now) {
        try {
            for (LogLineView line : lines) {
                stream.emitter.send(SseEmitter.event()
                        .id(Long.toString(line.seq()))
                        .name("line")
                        .data(json(line)));
                stream.after = line.seq();
                stream.lastSentAt = now;
            }
            boolean caughtUp = lines.size() < settings.getStreamBatchLines();
            LogState state = run == null ? null : run.log();
            if (caughtUp && state != null && state.isCut() && !stream.cutSent) {
                stream.emitter.send(SseEmitter.event().name("cut").data(json(state.cut(LogService.cap(settings)))));
                stream.cutSent = true;
            }
            if (caughtUp && settled(run, now)) {
                stream.emitter.send(SseEmitter.event().name("end").data(json(Map.of("status", run.status()))));
                close(stream);
            } else if (!now.isBefore(stream.deadline)) {
                close(stream);
            } else if (Duration.between(stream.lastSentAt, now).compareTo(settings.getStreamKeepAlive()) >= 0) {
                stream.emitter.send(SseEmitter.event().comment("keep-alive"));
                stream.lastSentAt = now;
            }
        } catch (IOException | IllegalStateException clientGone) {
            streams.remove(stream);
        }
    }

    private boolean settled(StreamedRun run, Instant now) {
        return run != null
                && run.status() != null
                && RunStatus.valueOf(run.status()).isTerminal()
                && !now.isBefore(run.statusAt().plus(settings.getStreamSettle()));
    }

    private void close(OpenStream stream) {
        streams.remove(stream);
        stream.emitter.complete();
    }

    private static String json(Object value) {
        return Json.mapper().writeValueAsString(value);
    }

    @Override
    public synchronized void start() {
        if (poller == null) {
            ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "carillon-log-streams");
                thread.setDaemon(true);
                return thread;
            });
            long interval = settings.getStreamPollInterval().toMillis();
            executor.scheduleWithFixedDelay(this::pass, interval, interval, TimeUnit.MILLISECONDS);
            poller = executor;
        }
    }

    @Override
    public synchronized void stop() {
        ScheduledExecutorService executor = poller;
        poller = null;
        if (executor != null) {
            executor.shutdownNow();
        }
        List.copyOf(streams).forEach(this::close);
    }

    @Override
    public boolean isRunning() {
        return poller != null;
    }

    /** One open stream. The poller thread alone reads and writes its position and times once it was added. */
    private static final class OpenStream {
        final String runId;
        final SseEmitter emitter;
        final Instant deadline;
        long after;
        Instant lastSentAt;
        boolean cutSent;

        OpenStream(String runId, SseEmitter emitter, Instant deadline, long after, Instant openedAt) {
            this.runId = runId;
            this.emitter = emitter;
            this.deadline = deadline;
            this.after = after;
            this.lastSentAt = openedAt;
        }
    }
}
