package io.carillon.streams.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The group member name ({@code group.instance.id}) a Kafka Streams app keeps in its application's state directory,
 * {@code <state-dir>/<application-id>/}{@value #FILE_NAME}: made once (a random UUID) and read again at each start. It
 * is as stable as the state directory, and unique among running instances because Kafka Streams locks that directory
 * (a second process on it fails at start). Stateless; safe from any thread.
 */
public final class MemberIdFile {

    static final String FILE_NAME = "carillon-member-id";
    /** What the file may hold: Kafka's characters for ids, at most {@value #MAX_LENGTH} (a UUID is 36). */
    private static final int MAX_LENGTH = 200;

    private static final Pattern VALID = Pattern.compile("[a-zA-Z0-9._-]{1," + MAX_LENGTH + "}");

    private static final String RULE = "letters, digits, '.', '_', '-', at most " + MAX_LENGTH;

    private MemberIdFile() {}

    /**
     * {@code name} when it is a valid member name.
     *
     * @throws IllegalArgumentException naming {@code setting} otherwise
     */
    public static String requireValid(String setting, String name) {
        if (name == null || !VALID.matcher(name).matches()) {
            throw new IllegalArgumentException(setting + " must be " + RULE + ", was " + name);
        }
        return name;
    }

    /**
     * The member name kept in {@code appStateDir}, made and written there (the directory created) when there is none.
     *
     * @throws UncheckedIOException     when the directory or file cannot be created or read
     * @throws IllegalStateException    when the file holds anything but a member name
     */
    public static String readOrCreate(Path appStateDir) {
        Path file = appStateDir.resolve(FILE_NAME);
        try {
            if (!Files.exists(file)) {
                Files.createDirectories(appStateDir);
                try {
                    Files.writeString(
                            file, UUID.randomUUID().toString(), StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
                } catch (FileAlreadyExistsException raced) {
                    // another builder wrote it first: read theirs
                }
            }
            String id = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (!VALID.matcher(id).matches()) {
                throw new IllegalStateException(
                        file + " must hold a member name (" + RULE + "); delete it to have a new one made");
            }
            return id;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the member name in " + file, e);
        }
    }
}
