package io.carillon.planner.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.ClaimBatch;
import io.carillon.topics.events.RunResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * The runs one {@link ClaimBatch} opened, as {@link ClaimedRuns} keeps them: the claims the planner took (those of
 * jobs it holds), when it read them ({@code seenAt}, by its own clock), when their worker was alive by them
 * ({@code aliveAt}), each claim's TIMED_OUT instant, and which of
 * them have ended since. Stored as two values: the base ({@link #base()}, written once: the instants, the claims'
 * places in the batch and the batch's JSON as it was read) and the ended runs ({@link #endedBits()}, a bit per claim,
 * rewritten as runs end), so that a run's end costs a few bytes, not the batch again. Mutable; used by one stream
 * task's thread only.
 */
final class ClaimedBatch {

    /** One claim taken from the batch: its place there, the claim, and its TIMED_OUT instant (null: no timeout). */
    record Claim(int index, RunResult run, Instant timeoutAt) {}

    /** An optional instant's size in a stored value: a flag, seconds, nanos. */
    private static final int INSTANT_SIZE = 1 + Long.BYTES + Integer.BYTES;
    /** The base's size besides its claims and JSON: the format byte, {@code seenAt}, the count, the JSON's length. */
    private static final int BASE_HEADER_SIZE = 1 + 2 * INSTANT_SIZE + 2 * Integer.BYTES;

    private final String key;
    private final Instant seenAt;
    private final Instant aliveAt;
    private final List<Claim> claims;
    private final byte[] batchJson;
    private final BitSet ended;
    private int open;

    ClaimedBatch(String key, Instant seenAt, Instant aliveAt, List<Claim> claims, byte[] batchJson, BitSet ended) {
        this.key = key;
        this.seenAt = seenAt;
        this.aliveAt = aliveAt;
        this.claims = List.copyOf(claims);
        this.batchJson = batchJson;
        this.ended = ended;
        this.open = claims.size() - ended.cardinality();
    }

    /** Reads a batch back from its stored base and ended bits ({@code endedBits} null when none ended). */
    static ClaimedBatch read(String key, byte[] base, byte[] endedBits) {
        StoreEncoding.Reader reader = new StoreEncoding.Reader(base);
        Instant seenAt = reader.readInstant();
        int count = reader.readInt();
        int[] indices = new int[count];
        Instant[] timeouts = new Instant[count];
        for (int i = 0; i < count; i++) {
            indices[i] = reader.readInt();
            timeouts[i] = reader.readInstant();
        }
        byte[] json = reader.readBytes();
        Instant aliveAt = reader.hasRemaining() ? reader.readInstant() : seenAt;
        List<RunResult> runs = EventSerdes.CLAIM_BATCH.deserialize(null, json).claims();
        List<Claim> claims = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            claims.add(new Claim(indices[i], runs.get(indices[i]), timeouts[i]));
        }
        BitSet ended = endedBits == null ? new BitSet(count) : BitSet.valueOf(endedBits);
        return new ClaimedBatch(key, seenAt, aliveAt, claims, json, ended);
    }

    String key() {
        return key;
    }

    Instant seenAt() {
        return seenAt;
    }

    /** When the batch's worker was alive, by the batch: the earlier of its reading and its record's timestamp. */
    Instant aliveAt() {
        return aliveAt;
    }

    int size() {
        return claims.size();
    }

    Claim claim(int position) {
        return claims.get(position);
    }

    boolean isOpen(int position) {
        return !ended.get(position);
    }

    /** Whether every claim of the batch has ended. */
    boolean allEnded() {
        return open == 0;
    }

    /** Marks the claim at {@code position} ended; false when it already was. */
    boolean end(int position) {
        if (ended.get(position)) {
            return false;
        }
        ended.set(position);
        open--;
        return true;
    }

    /** Calls {@code action} with the position of each claim still open. */
    void forEachOpen(IntConsumer action) {
        for (int position = ended.nextClearBit(0);
                position < claims.size();
                position = ended.nextClearBit(position + 1)) {
            action.accept(position);
        }
    }

    /** The stored base: {@code seenAt}, the claims' places and TIMED_OUT instants, the batch's JSON, {@code aliveAt}. */
    byte[] base() {
        StoreEncoding.Writer writer = new StoreEncoding.Writer(
                batchJson.length + BASE_HEADER_SIZE + claims.size() * (Integer.BYTES + INSTANT_SIZE));
        writer.writeInstant(seenAt).writeInt(claims.size());
        for (Claim claim : claims) {
            writer.writeInt(claim.index()).writeInstant(claim.timeoutAt());
        }
        return writer.writeBytes(batchJson).writeInstant(aliveAt).toByteArray();
    }

    /** The stored ended bits: bit n set when the claim at position n has ended. */
    byte[] endedBits() {
        return ended.toByteArray();
    }
}
