package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.SettableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RememberedKillsTest {

    private final SettableClock clock = new SettableClock(Instant.parse("2030-01-01T00:00:00Z"));

    @Test
    void aRememberedKillIsTakenOnce() {
        RememberedKills kills = new RememberedKills(clock);
        kills.remember("r#0", "killed by ada");

        assertThat(kills.take("r#0")).contains("killed by ada");
        assertThat(kills.take("r#0")).isEmpty();
        assertThat(kills.take("other#0")).isEmpty();
    }

    @Test
    void killsAreForgottenAfterTheRetention() {
        RememberedKills kills = new RememberedKills(clock, Duration.ofMinutes(10), 100);
        kills.remember("old#0", "old");
        clock.advance(Duration.ofMinutes(5));
        kills.remember("young#0", "young");

        clock.advance(Duration.ofMinutes(5));

        assertThat(kills.take("old#0")).isEmpty();
        assertThat(kills.take("young#0")).contains("young");
    }

    @Test
    void atMostTheLimitIsKeptTheOldestGoingFirst() {
        RememberedKills kills = new RememberedKills(clock, Duration.ofMinutes(10), 3);
        for (int i = 0; i < 5; i++) {
            kills.remember("r" + i + "#0", "kill " + i);
        }

        assertThat(kills.size()).isEqualTo(3);
        assertThat(kills.take("r1#0")).isEmpty();
        assertThat(kills.take("r2#0")).contains("kill 2");
        assertThat(kills.take("r4#0")).contains("kill 4");
    }
}
