package io.carillon.streams;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OnDemandPunctuationTest {

    private static final Duration INTERVAL = Duration.ofMillis(100);
    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");

    /** What the processor tells its punctuator after each punctuation, in turn: sleep until this (none: no work known). */
    private final Deque<Instant> nextWork = new ArrayDeque<>();

    private boolean sleepAfterPunctuation;
    private final List<Instant> punctuations = new ArrayList<>();
    private TopologyTestDriver driver;
    private TestInputTopic<String, String> input;
    private Instant now = START;

    @AfterEach
    void close() {
        driver.close();
    }

    @Test
    void awakeItRunsEveryIntervalFromAWholeMultiple() {
        start(START.plusMillis(30));

        advance(Duration.ofMillis(370));

        assertThat(punctuations)
                .containsExactly(
                        START.plusMillis(100), START.plusMillis(200), START.plusMillis(300), START.plusMillis(400));
    }

    @Test
    void asleepItRunsNextAtTheWorkItWasToldOfRoundedUpToTheInterval() {
        start(START.plusMillis(30));
        sleepAfterPunctuation = true;
        nextWork.add(START.plusMillis(2_050));

        advance(Duration.ofSeconds(3));

        assertThat(punctuations).containsExactly(START.plusMillis(100), START.plusMillis(2_100));
    }

    @Test
    void aRecordWakesItAtTheNextMultipleOfTheInterval() {
        start(START.plusMillis(30));
        sleepAfterPunctuation = true;
        advance(Duration.ofMillis(500));
        sleepAfterPunctuation = false;

        input.pipeInput("key", "value", now);
        advance(Duration.ofMillis(300));

        assertThat(punctuations)
                .containsExactly(
                        START.plusMillis(100), START.plusMillis(600), START.plusMillis(700), START.plusMillis(800));
    }

    @Test
    void withNoWorkKnownItSleepsUntilTheNextWholeMultipleOfTheLongestSleep() {
        start(START.plusMillis(30));
        sleepAfterPunctuation = true;

        advance(Duration.ofSeconds(25));

        assertThat(punctuations).containsExactly(START.plusMillis(100), START.plusSeconds(10), START.plusSeconds(20));
    }

    @Test
    void workDueBeforeTheRunAfterNextKeepsItAwake() {
        start(START.plusMillis(30));
        sleepAfterPunctuation = true;
        nextWork.addAll(List.of(START.plusMillis(150), START.plusMillis(250), START.plusMillis(350)));

        advance(Duration.ofMillis(300));

        assertThat(punctuations).containsExactly(START.plusMillis(100), START.plusMillis(200), START.plusMillis(300));
    }

    private void start(Instant at) {
        now = at;
        Topology topology = new Topology();
        topology.addSource("in", Serdes.String().deserializer(), Serdes.String().deserializer(), "in");
        topology.addProcessor("sleepy", SleepyProcessor::new, "in");
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "on-demand-punctuation-test");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        driver = new TopologyTestDriver(topology, properties, at);
        input = driver.createInputTopic("in", new StringSerializer(), new StringSerializer());
    }

    private void advance(Duration duration) {
        for (Duration moved = Duration.ZERO; moved.compareTo(duration) < 0; moved = moved.plusMillis(10)) {
            now = now.plusMillis(10);
            driver.advanceWallClockTime(Duration.ofMillis(10));
        }
    }

    private final class SleepyProcessor implements Processor<String, String, Void, Void> {

        private OnDemandPunctuation punctuation;

        @Override
        public void init(ProcessorContext<Void, Void> context) {
            punctuation = OnDemandPunctuation.schedule(context, now, INTERVAL, timestamp -> {
                punctuations.add(Instant.ofEpochMilli(timestamp));
                if (sleepAfterPunctuation) {
                    punctuation.sleepUntil(now, nextWork.poll());
                }
            });
        }

        @Override
        public void process(Record<String, String> record) {
            punctuation.stayAwake(now);
        }
    }
}
