package io.carillon.console.internal.logs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.events.LogLine;
import java.time.Instant;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class LogCapTest {

    private static final Instant AT = Instant.parse("2026-05-01T12:00:00Z");

    @Test
    void keepsLinesInOrderAndCountsThem() {
        LogCap.Appended appended = new LogCap(10, 1000, 100).append(LogState.empty("r#0", "j"), lines(1, 3, "abc"));

        assertThat(appended.kept()).extracting(LogLineView::seq).containsExactly(1L, 2L, 3L);
        assertThat(appended.state()).isEqualTo(new LogState("r#0", "j", 3, 3, 9, null, null, 0));
    }

    @Test
    void aLineAtOrBelowTheHighestSeqSeenChangesNothing() {
        LogCap cap = new LogCap(10, 1000, 100);
        LogState state =
                cap.append(LogState.empty("r#0", "j"), lines(1, 3, "abc")).state();

        LogCap.Appended replay = cap.append(state, lines(1, 3, "something else"));

        assertThat(replay.kept()).isEmpty();
        assertThat(replay.state()).isEqualTo(state);
    }

    @Test
    void cutsAtTheLineLimitAndCountsTheLinesNotKept() {
        LogCap cap = new LogCap(3, 1000, 100);
        LogCap.Appended first = cap.append(LogState.empty("r#0", "j"), lines(1, 4, "x"));
        LogCap.Appended later = cap.append(first.state(), lines(5, 6, "x"));

        assertThat(first.kept()).extracting(LogLineView::seq).containsExactly(1L, 2L, 3L);
        assertThat(later.kept()).isEmpty();
        assertThat(later.state().cutAtSeq()).isEqualTo(4);
        assertThat(later.state().cutReason()).isEqualTo(LogState.CutReason.LINES);
        assertThat(later.state().cutLines()).isEqualTo(3);
        assertThat(later.state().cut(cap).note())
                .isEqualTo(
                        "[log cut at line 4: the run's log reached its limit of 3 lines; 3 more lines were not kept]");
    }

    @Test
    void cutsAtTheByteLimitAndKeepsNoLaterLineEvenASmallerOne() {
        LogCap cap = new LogCap(100, 10, 100);
        LogState state = cap.append(
                        LogState.empty("r#0", "j"), List.of(line(1, "12345678"), line(2, "1234"), line(3, "1")))
                .state();

        assertThat(state.lines()).isEqualTo(1);
        assertThat(state.bytes()).isEqualTo(8);
        assertThat(state.cutAtSeq()).isEqualTo(2);
        assertThat(state.cutReason()).isEqualTo(LogState.CutReason.BYTES);
        assertThat(state.cutLines()).isEqualTo(2);
    }

    @Test
    void countsBytesInUtf8() {
        LogState state = new LogCap(100, 1000, 100)
                .append(LogState.empty("r#0", "j"), List.of(line(1, "日志")))
                .state();

        assertThat(state.bytes()).isEqualTo(6);
    }

    @Test
    void shortensALongLineAndMarksIt() {
        LogCap.Appended appended =
                new LogCap(10, 1000, 5).append(LogState.empty("r#0", "j"), List.of(line(1, "0123456789")));

        assertThat(appended.kept().get(0).message()).isEqualTo("01234 [line cut: 10 characters]");
    }

    @Test
    void refusesLimitsBelowOne() {
        assertThatThrownBy(() -> new LogCap(0, 1, 1)).hasMessageContaining("max-lines-per-run");
    }

    private static List<LogLine> lines(long from, long to, String message) {
        return LongStream.rangeClosed(from, to)
                .mapToObj(seq -> line(seq, message))
                .toList();
    }

    private static LogLine line(long seq, String message) {
        return new LogLine(LogLine.SCHEMA_VERSION, "r#0", "j", "worker-1", seq, AT, "INFO", message);
    }
}
