package io.carillon.standalone.internal;

import io.carillon.standalone.DataDirInUseException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The claim of one process on a data folder: an OS file lock on {@value #FILE_NAME} in the folder, held until
 * {@link #close()} or the end of the process (the OS releases it even after {@code kill -9}), with the holder's pid
 * written in the file for the message a second process shows.
 *
 * <p>Not thread-safe: acquire and close from one thread.
 */
public final class DataDirLock implements AutoCloseable {

    public static final String FILE_NAME = "carillon.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DataDirLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Locks {@code dataDir}, creating it when missing.
     *
     * @throws DataDirInUseException when another process (or this one) holds it; the message names the folder and
     *         the holder's pid
     */
    public static DataDirLock acquire(Path dataDir) {
        Path file = dataDir.resolve(FILE_NAME);
        FileChannel channel = null;
        try {
            Files.createDirectories(dataDir);
            channel = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock = tryLock(channel);
            if (lock == null) {
                channel.close();
                throw inUse(dataDir, file);
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.UTF_8)), 0);
            channel.force(true);
            return new DataDirLock(channel, lock);
        } catch (IOException e) {
            UncheckedIOException failure = new UncheckedIOException(
                    "could not lock the data folder " + dataDir + " (" + file + "): " + e.getMessage(), e);
            closeAfterFailure(channel, failure);
            throw failure;
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    private static DataDirInUseException inUse(Path dataDir, Path file) {
        return new DataDirInUseException("the data folder " + dataDir + " is in use by another Carillon standalone ("
                + holder(file) + "). Stop that process first, or give this one its own folder with "
                + "--carillon.standalone.data-dir=<folder>.");
    }

    private static String holder(Path file) {
        try {
            String pid = Files.readString(file, StandardCharsets.UTF_8).trim();
            return pid.isEmpty() ? "its pid is not written yet" : "pid " + pid;
        } catch (IOException e) {
            return "its pid could not be read: " + e.getMessage();
        }
    }

    private static void closeAfterFailure(FileChannel channel, RuntimeException failure) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    /** Releases the folder. */
    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("could not release the data folder lock: " + e.getMessage(), e);
        }
    }
}
