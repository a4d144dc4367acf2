package io.carillon.console.internal.declarations;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class AppVersionsTest {

    @Test
    void comparesEachDottedSegmentAsANumber() {
        assertThat(AppVersions.compare("1.10.0", "1.9.2")).isPositive();
        assertThat(AppVersions.compare("1.9.2", "1.10.0")).isNegative();
        assertThat(AppVersions.compare("10", "9")).isPositive();
        assertThat(AppVersions.compare("2.0.0", "10.0.0")).isNegative();
        assertThat(AppVersions.compare("1.2.3", "1.2.3")).isZero();
        assertThat(AppVersions.compare("2", "2.0.0")).isZero();
        assertThat(AppVersions.compare("1.02", "1.2")).isZero();
        assertThat(AppVersions.compare("1.2.1", "1.2")).isPositive();
        assertThat(AppVersions.compare("0", "0.0.1")).isNegative();
        assertThat(AppVersions.compare("20261125.1", "20261124.99")).isPositive();
        assertThat(AppVersions.compare("99999999999999999999.1", "99999999999999999998.2"))
                .isPositive();
    }

    @Test
    void aSuffixMakesASegmentOlderThanTheBareNumber() {
        assertThat(AppVersions.compare("1.0.0-SNAPSHOT", "1.0.0")).isNegative();
        assertThat(AppVersions.compare("1.0.0-rc1", "1.0.0-rc2")).isNegative();
        assertThat(AppVersions.compare("1.0.1-SNAPSHOT", "1.0.0")).isPositive();
    }

    @Test
    void sortsOldestFirst() {
        List<String> versions = new ArrayList<>(List.of("1.10.0", "0", "1.2", "1.9.2", "1.10.0-rc1", "2"));
        Collections.shuffle(versions);
        versions.sort(AppVersions.ORDER);
        assertThat(versions).containsExactly("0", "1.2", "1.9.2", "1.10.0-rc1", "1.10.0", "2");
    }
}
