package io.carillon.planner.internal;

import io.carillon.topics.events.JobDefinition;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;

/**
 * A job's jitter: a per-fire offset in {@code [0, jitterMs)} derived from the fire id (SHA-256), so it is the same
 * on every planner and after every replay, yet spreads the jobs that share a cron over the jitter window.
 */
final class Jitter {

    private static final String DIGEST = "SHA-256";

    private Jitter() {}

    /** The instant the fire {@code fireId} of {@code job}, nominally at {@code nominal}, is dispatched at. */
    static Instant dueAt(JobDefinition job, String fireId, Instant nominal) {
        return job.jitterMs() <= 0 ? nominal : nominal.plusMillis(offsetMs(fireId, job.jitterMs()));
    }

    static long offsetMs(String fireId, long jitterMs) {
        return Math.floorMod(ByteBuffer.wrap(sha256(fireId)).getLong(), jitterMs);
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance(DIGEST).digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has " + DIGEST, e);
        }
    }
}
