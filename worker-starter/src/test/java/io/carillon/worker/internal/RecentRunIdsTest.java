package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RecentRunIdsTest {

    @Test
    void remembersTheLastIdsOnly() {
        RecentRunIds recent = new RecentRunIds(2);
        recent.add("a");
        recent.add("b");
        recent.add("c");
        assertThat(recent.contains("a")).isFalse();
        assertThat(recent.contains("b")).isTrue();
        assertThat(recent.contains("c")).isTrue();
    }
}
