package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.SettableClock;
import io.carillon.topics.events.FireIds;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FaultCheckerTest {

    private static final Instant FROM = Instant.ofEpochSecond(1000);
    private static final Instant TO = FROM.plusSeconds(2);
    private static final long PERIOD_MS = 1000;
    private static final long T1 = FROM.toEpochMilli();
    private static final long T2 = T1 + PERIOD_MS;

    @TempDir
    Path folder;

    private final StartFiles files = new StartFiles(new HandlerStarts(new SettableClock(FROM)));

    @Test
    void eachFireIsJudgedOnceByItsAttemptsAndTheLostResults() throws Exception {
        Path w1 = folder.resolve("w1-1" + StartFiles.SUFFIX);
        Path w2 = folder.resolve("w2-1" + StartFiles.SUFFIX);
        files.add(w1);
        files.add(w2);
        append(
                w1,
                start("once", T1, 1)
                        + start("once", T2, 1)
                        + start("retried", T1, 1)
                        + start("doubled", T1, 1)
                        + start("doubled", T2, 1)
                        + start("retry-only", T2, 2)
                        + start("silent-retry", T1, 1)
                        + start("silent-retry", T2, 1));
        append(
                w2,
                start("retried", T1, 2)
                        + start("retried", T2, 1)
                        + start("doubled", T1, 1)
                        + start("retry-only", T1, 1)
                        + start("silent-retry", T1, 2));
        files.poll();
        Set<String> lost = Set.of("retried@" + T1, "retry-only@" + T2);

        FaultChecker.Verdict verdict = FaultChecker.judge(
                List.of("once", "retried", "doubled", "retry-only", "silent-retry", "never"),
                FROM,
                TO,
                PERIOD_MS,
                files,
                (job, millis) ->
                        lost.contains(job + "@" + millis) ? Optional.of("heartbeats stopped") : Optional.empty(),
                (job, millis) -> "no result",
                FireGaps.of(files.starts(), HandlerStarts.micros(TO)));

        assertThat(verdict.expected()).isEqualTo(12);
        assertThat(verdict.visibleRetry()).isEqualTo(1);
        assertThat(verdict.retryOnly()).isEqualTo(1);
        assertThat(verdict.silentDouble()).isEqualTo(2);
        assertThat(verdict.neverStarted()).isEqualTo(2);
        assertThat(verdict.startedOnce()).isEqualTo(6);
        assertThat(verdict.examples())
                .anyMatch(example -> example.startsWith("doubled@"))
                .anyMatch(example -> example.startsWith("silent-retry@"))
                .anyMatch(
                        example -> example.startsWith("never@") && example.endsWith("never started; ended no result"));
        assertThat(verdict.neverByEnding()).containsExactly(Map.entry("no result", 2L));
        assertThat(verdict.lostByReason()).containsExactly(Map.entry("heartbeats stopped", 2L));
    }

    private static String start(String job, long scheduledMillis, int attempt) {
        String scheduled = FireIds.scheduled(job, Instant.ofEpochMilli(scheduledMillis));
        String fireId = attempt > 1 ? FireIds.retry(scheduled, attempt) : scheduled;
        return job + " " + scheduledMillis + " 0 " + attempt + " " + (scheduledMillis * 1000 + 500) + " " + fireId
                + "\n";
    }

    private static void append(Path file, String text) throws Exception {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
