package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ProcessPartsTest {

    @Test
    void tellsThePartsOfAStandaloneProcessApartByThreadName() {
        assertThat(ProcessParts.partOf("carillon.planner-6f1c2a3e-1b2c-4d5e-8f90-123456789abc-StreamThread-1"))
                .isEqualTo("planner");
        assertThat(ProcessParts.partOf("kafka-producer-network-thread | carillon.planner-6f1c-StreamThread-1-producer"))
                .isEqualTo("planner");
        assertThat(ProcessParts.partOf("kafka-coordinator-heartbeat-thread | carillon.analytics"))
                .isEqualTo("analytics");
        assertThat(ProcessParts.partOf("carillon-dispatcher")).isEqualTo("dispatcher");
        assertThat(ProcessParts.partOf("kafka-producer-network-thread | carillon-worker-demo-vm-1-producer"))
                .isEqualTo("worker");
        assertThat(ProcessParts.partOf("carillon-demo-triggers-1")).isEqualTo("worker");
        assertThat(ProcessParts.partOf("carillon-console-outbox-relay")).isEqualTo("console");
        assertThat(ProcessParts.partOf("kafka-coordinator-heartbeat-thread | carillon.console-logs"))
                .isEqualTo("console");
        assertThat(ProcessParts.partOf("carillonConsoleResultsContainer-0-C-1")).isEqualTo("console");
        assertThat(ProcessParts.partOf("http-nio-auto-1-exec-3")).isEqualTo("console");
        assertThat(ProcessParts.partOf("data-plane-kafka-request-handler-7")).isEqualTo("broker");
        assertThat(ProcessParts.partOf("kafka-1-raft-io-thread")).isEqualTo("broker");
        assertThat(ProcessParts.partOf("C2 CompilerThread0")).isEqualTo("jit");
        assertThat(ProcessParts.partOf("GC Thread#1")).isEqualTo("gc");
        assertThat(ProcessParts.partOf("Signal Dispatcher")).isEqualTo("jvm");
        assertThat(ProcessParts.partOf("something else")).isEqualTo(ProcessParts.OTHER);
    }

    @Test
    void tellsThePartsApartWhateverTheTopicPrefix() {
        assertThat(ProcessParts.partOf("bench1a2b3c4d.planner-6f1c2a3e-1b2c-4d5e-8f90-123456789abc-StreamThread-1"))
                .isEqualTo("planner");
        assertThat(ProcessParts.partOf("kafka-coordinator-heartbeat-thread | bench1a2b3c4d.analytics"))
                .isEqualTo("analytics");
        assertThat(ProcessParts.partOf("kafka-coordinator-heartbeat-thread | bench1a2b3c4d.dispatcher"))
                .isEqualTo("dispatcher");
        assertThat(ProcessParts.partOf("kafka-coordinator-heartbeat-thread | bench1a2b3c4d.console-logs"))
                .isEqualTo("console");
    }

    @Test
    void sumsTheTicksOfEachPartAsSeconds() {
        Map<Long, Long> spent = Map.of(1L, 30L, 2L, 60L, 3L, 6L);
        Map<Long, String> names = Map.of(1L, "carillon-dispatcher", 2L, "data-plane-kafka-request-handler-0");

        Map<String, Double> seconds = ProcessParts.secondsByPart(spent, names);

        assertThat(seconds)
                .containsEntry("dispatcher", 0.3)
                .containsEntry("broker", 0.6)
                .containsEntry(ProcessParts.OTHER, 0.06);
    }

    @Test
    void sumsTheTicksOfEachPartAsCoresOverTheWindowAndCountsUnnamedThreadsAsOther() {
        Map<Long, Long> spent = Map.of(1L, 30L, 2L, 60L, 3L, 6L, 4L, 12L);
        Map<Long, String> names = Map.of(
                1L, "carillon-dispatcher",
                2L, "data-plane-kafka-request-handler-0",
                3L, "data-plane-kafka-request-handler-1");

        Map<String, Double> cores = ProcessParts.coresByPart(spent, names, 60);

        assertThat(cores).containsEntry("dispatcher", 0.005).containsEntry("broker", 0.011);
        assertThat(cores).containsEntry("planner", 0.0).containsEntry(ProcessParts.OTHER, 0.002);
        assertThat(cores.keySet()).first().isEqualTo("planner");
        assertThat(cores.keySet()).last().isEqualTo(ProcessParts.OTHER);
    }

    @Test
    void listsTheBusiestThreadsFirstWithAPoolsThreadsFoldedIntoOne() {
        Map<Long, Long> spent = Map.of(1L, 30L, 2L, 60L, 3L, 6L, 4L, 0L);
        Map<Long, String> names = Map.of(
                1L, "carillon-dispatcher",
                2L, "data-plane-kafka-request-handler-0",
                3L, "data-plane-kafka-request-handler-1",
                4L, "Signal Dispatcher");

        Map<String, Double> busiest = ProcessParts.busiestThreads(spent, names, 60, 1);

        assertThat(busiest).containsExactly(Map.entry("data-plane-kafka-request-handler-N", 0.011));
        assertThat(ProcessParts.busiestThreads(spent, names, 60, 5)).hasSize(2);
    }
}
