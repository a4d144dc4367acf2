package io.carillon.planner;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** What every planner topology test shares: a state folder per test, and its harness closed after the test. */
abstract class PlannerTestSupport {

    @TempDir
    Path stateDir;

    PlannerHarness planner;

    @AfterEach
    void closePlanner() {
        if (planner != null) {
            planner.close();
        }
    }
}
