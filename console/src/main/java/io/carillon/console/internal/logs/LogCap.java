package io.carillon.console.internal.logs;

import io.carillon.topics.events.LogLine;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The per-run limits of a log: lines and UTF-8 bytes kept, and the length of one message. Immutable.
 *
 * @param maxLines lines kept of one run
 * @param maxBytes UTF-8 bytes of messages kept of one run
 * @param maxLineLength characters kept of one message; a longer one is shortened and marked
 */
record LogCap(int maxLines, long maxBytes, int maxLineLength) {

    LogCap {
        if (maxLines < 1 || maxBytes < 1 || maxLineLength < 1) {
            throw new IllegalArgumentException("carillon.console.logs.max-lines-per-run, max-bytes-per-run and"
                    + " max-line-length must be at least 1, were " + maxLines + ", " + maxBytes + ", "
                    + maxLineLength);
        }
    }

    /**
     * What {@code lines} (of the run of {@code state}, in seq order, each seq once) add to it: a line at or below the
     * highest seq seen is a replay and adds nothing; the others are kept while the run's log stays within the limits,
     * and from the first that would pass them on, the log is cut and the lines are only counted.
     */
    Appended append(LogState state, List<LogLine> lines) {
        List<LogLineView> kept = new ArrayList<>();
        long lastSeq = state.lastSeq();
        int count = state.lines();
        long bytes = state.bytes();
        Long cutAtSeq = state.cutAtSeq();
        LogState.CutReason reason = state.cutReason();
        long cutLines = state.cutLines();
        for (LogLine line : lines) {
            if (line.seq() <= lastSeq) {
                continue;
            }
            lastSeq = line.seq();
            String message = shorten(line.message());
            long size = message.getBytes(StandardCharsets.UTF_8).length;
            if (cutAtSeq == null && (count >= maxLines || bytes + size > maxBytes)) {
                cutAtSeq = line.seq();
                reason = count >= maxLines ? LogState.CutReason.LINES : LogState.CutReason.BYTES;
            }
            if (cutAtSeq != null) {
                cutLines++;
                continue;
            }
            count++;
            bytes += size;
            kept.add(new LogLineView(line.seq(), line.at(), line.level(), line.instance(), message));
        }
        return new Appended(
                kept, new LogState(state.runId(), state.jobId(), lastSeq, count, bytes, cutAtSeq, reason, cutLines));
    }

    private String shorten(String message) {
        if (message.length() <= maxLineLength) {
            return message;
        }
        int end = Character.isHighSurrogate(message.charAt(maxLineLength - 1)) ? maxLineLength - 1 : maxLineLength;
        return message.substring(0, end) + " [line cut: " + message.length() + " characters]";
    }

    /** The lines to keep and the run's state after them. */
    record Appended(List<LogLineView> kept, LogState state) {}
}
