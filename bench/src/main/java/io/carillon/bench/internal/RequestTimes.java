package io.carillon.bench.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The requests of a load run: each request's latency (HdrHistogram of microseconds, 3 significant digits), the
 * answers that were errors (with the first one's text), and the span from the first request's start to the last
 * answer. Times are {@link System#nanoTime} readings. Thread-safe: the recording methods may be called from any
 * thread, the figures read once the requests are done.
 */
final class RequestTimes {

    private static final int SIGNIFICANT_DIGITS = 3;
    private static final long NANOS_PER_MICRO = 1000;
    private static final double MICROS_PER_MILLI = 1000.0;
    private static final double NANOS_PER_SECOND = 1e9;

    private final Histogram latencyMicros = new Histogram(SIGNIFICANT_DIGITS);
    private long requests;
    private long errors;
    private String firstError;
    private long firstStartNanos = Long.MAX_VALUE;
    private long lastEndNanos = Long.MIN_VALUE;

    /** A request that started at {@code startNanos} and was answered (or failed) at {@code endNanos}. */
    synchronized void record(long startNanos, long endNanos, String error) {
        requests++;
        latencyMicros.recordValue(Math.max(0, (endNanos - startNanos) / NANOS_PER_MICRO));
        firstStartNanos = Math.min(firstStartNanos, startNanos);
        lastEndNanos = Math.max(lastEndNanos, endNanos);
        if (error != null) {
            errors++;
            if (firstError == null) {
                firstError = error;
            }
        }
    }

    synchronized long requests() {
        return requests;
    }

    synchronized long errors() {
        return errors;
    }

    /** The text of the first error, or null when every request succeeded. */
    synchronized String firstError() {
        return firstError;
    }

    /** The {@code System.nanoTime} of the first request's start; {@link Long#MAX_VALUE} before any. */
    synchronized long firstStartNanos() {
        return firstStartNanos;
    }

    /** Requests per second from the first request's start to the last answer; 0 before any. */
    synchronized double perSecond() {
        if (requests == 0 || lastEndNanos <= firstStartNanos) {
            return 0;
        }
        return requests / ((lastEndNanos - firstStartNanos) / NANOS_PER_SECOND);
    }

    /** Latency percentiles in ms: {@code p50}, {@code p99}, {@code max}. */
    synchronized Map<String, Double> latencyMs() {
        Map<String, Double> percentiles = new LinkedHashMap<>();
        percentiles.put("p50", millis(latencyMicros.getValueAtPercentile(50)));
        percentiles.put("p99", millis(latencyMicros.getValueAtPercentile(99)));
        percentiles.put("max", millis(latencyMicros.getMaxValue()));
        return percentiles;
    }

    private static double millis(long micros) {
        return Math.round(micros / MICROS_PER_MILLI * 100) / 100.0;
    }
}
