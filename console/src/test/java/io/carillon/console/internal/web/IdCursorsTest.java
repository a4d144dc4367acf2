package io.carillon.console.internal.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.FieldError;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdCursorsTest {

    @Test
    void aCursorCarriesTheNumberItWasFormattedFrom() {
        assertThat(IdCursors.parse(IdCursors.format(1234L))).isEqualTo(1234L);
        assertThat(IdCursors.parse(IdCursors.format(0L))).isZero();
        assertThat(IdCursors.format(null)).isNull();
    }

    @Test
    void noCursorIsTheFirstPageOrTheEarlierParameter() {
        assertThat(IdCursors.parse(null)).isNull();
        assertThat(IdCursors.parse(" ")).isNull();
        assertThat(IdCursors.parseOr("", 7L)).isEqualTo(7L);
        assertThat(IdCursors.parseOr(null, null)).isNull();
        assertThat(IdCursors.parseOr("9", 7L)).isEqualTo(9L);
    }

    @ParameterizedTest
    @ValueSource(strings = {"x", "-1", "1.5", "99999999999999999999", "MTIzNA"})
    void aTextThatIsNotACursorIsRefusedNamingTheCursor(String text) {
        assertThatThrownBy(() -> IdCursors.parse(text))
                .isInstanceOfSatisfying(
                        InvalidInputException.class,
                        e -> assertThat(e.fieldErrors())
                                .extracting(FieldError::field)
                                .containsExactly("cursor"));
    }

    @Test
    void aFullPageHasTheNumberOfItsLastItemAsTheNextCursor() {
        assertThat(IdCursors.next(List.of(9L, 8L, 7L), 3, Long::longValue)).isEqualTo(7L);
        assertThat(IdCursors.next(List.of(9L, 8L), 3, Long::longValue)).isNull();
        assertThat(IdCursors.next(List.<Long>of(), 3, Long::longValue)).isNull();
    }
}
