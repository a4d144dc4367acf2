package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Progress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The throttle's rules, with cool-downs that end when the test says so. */
class ProgressThrottleTest {

    private static final Duration INTERVAL = Duration.ofMillis(500);

    private final List<Progress> sent = new ArrayList<>();
    private final List<Runnable> coolDowns = new ArrayList<>();
    private final List<Future<?>> coolDownFutures = new ArrayList<>();
    private final ProgressThrottle throttle = new ProgressThrottle(INTERVAL, this::schedule, sent::add);

    private Future<?> schedule(Duration delay, Runnable task) {
        assertThat(delay).isEqualTo(INTERVAL);
        coolDowns.add(task);
        CompletableFuture<?> future = new CompletableFuture<>();
        coolDownFutures.add(future);
        return future;
    }

    private void endCoolDown() {
        Runnable task = coolDowns.remove(0);
        if (!coolDownFutures.remove(0).isCancelled()) {
            task.run();
        }
    }

    private static Progress progress(long done) {
        return new Progress(done, 10, "step " + done);
    }

    @Test
    void theFirstReportGoesOutAtOnce() {
        throttle.offer(progress(1));

        assertThat(sent).containsExactly(progress(1));
        assertThat(coolDowns).hasSize(1);
    }

    @Test
    void duringACoolDownTheLatestReportWinsAndLeavesWhenItEnds() {
        throttle.offer(progress(1));
        throttle.offer(progress(2));
        throttle.offer(progress(3));
        assertThat(sent).containsExactly(progress(1));

        endCoolDown();
        assertThat(sent).containsExactly(progress(1), progress(3));
        assertThat(coolDowns).as("sending starts the next cool-down").hasSize(1);
    }

    @Test
    void aCoolDownWithNothingHeldEndsAndTheNextReportGoesOutAtOnce() {
        throttle.offer(progress(1));
        endCoolDown();
        assertThat(coolDowns).isEmpty();

        throttle.offer(progress(2));
        assertThat(sent).containsExactly(progress(1), progress(2));
    }

    @Test
    void closeSendsWhatIsHeldAndIgnoresLaterReports() {
        throttle.offer(progress(1));
        throttle.offer(progress(2));

        throttle.close();
        assertThat(sent).containsExactly(progress(1), progress(2));
        assertThat(coolDownFutures.get(0).isCancelled()).isTrue();

        throttle.offer(progress(3));
        endCoolDown();
        throttle.close();
        assertThat(sent).containsExactly(progress(1), progress(2));
    }

    @Test
    void closeWithNothingHeldSendsNothing() {
        throttle.offer(progress(1));
        endCoolDown();

        throttle.close();
        assertThat(sent).containsExactly(progress(1));
    }
}
