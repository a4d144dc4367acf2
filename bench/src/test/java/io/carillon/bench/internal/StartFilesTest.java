package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.bench.internal.HandlerStarts.StartKey;
import io.carillon.testkit.SettableClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartFilesTest {

    @TempDir
    Path folder;

    private final StartFiles files = new StartFiles(new HandlerStarts(new SettableClock(Instant.EPOCH)));

    @Test
    void readsCompleteLinesOfEveryFileAndPicksUpWhereItStopped() throws Exception {
        Path one = folder.resolve("worker-1.starts");
        Path two = folder.resolve("worker-2.starts");
        files.add(one);
        files.add(two);
        append(one, "bench-1 1000 0 1 1000500 bench-1@1000\nbench-1 2000 0 1 20");
        append(two, "bench-1 1000 0 1 1000900 bench-1@1000\n");

        files.poll();

        assertThat(files.starts().total()).isEqualTo(2);
        assertThat(files.starts().firstStartMicros(new StartKey("bench-1", 1000, 0, 1)))
                .isEqualTo(1_000_500);
        assertThat(files.fireStarted("bench-1@1000")).isTrue();

        append(one, "00400 bench-1@2000\nbench-1 3000 0 2 3000100 bench-1@3000#retry2\n");
        files.poll();

        assertThat(files.starts().firstStartMicros(new StartKey("bench-1", 2000, 0, 1)))
                .isEqualTo(2_000_400);
        assertThat(files.starts().started(new StartKey("bench-1", 3000, 0, 2))).isTrue();
        assertThat(files.jobsStarted()).isEqualTo(1);
        assertThat(files.unreadable()).isZero();
    }

    @Test
    void aFileNotWrittenYetIsNoError() {
        files.add(folder.resolve("worker-3.starts"));

        files.poll();

        assertThat(files.starts().total()).isZero();
    }

    private static void append(Path file, String text) throws Exception {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
