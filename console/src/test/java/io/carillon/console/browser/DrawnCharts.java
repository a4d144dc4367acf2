package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.carillon.testkit.Browser;
import io.carillon.topics.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * What the console's ECharts charts draw, read from their instances in a real browser, and the assertions the chart
 * tests make of it: an axis that spans exactly its range with a slot per bucket, bars stacked per bucket at the
 * bucket's place and width, line points at their exact values, and the tooltip of a bucket.
 */
final class DrawnCharts {

    private DrawnCharts() {}

    /** The pixels a drawn place may be off from where its value puts it. */
    static final double PIXEL = 1.5;

    /**
     * What a chart draws, from its ECharts instance: the x axis' extent, the pixels of one bucket and of one unit of
     * y, the legend, and per series its name, slots and the drawn points holding a value (x and y in data; a bar's
     * left, base, height and width, a line's symbol in pixels).
     */
    static final String DRAWN = """
            const chart = echarts.getInstanceByDom(document.getElementById(arguments[0]));
            const bucketMs = arguments[1];
            const model = chart.getModel();
            const extent = model.getComponent('xAxis', 0).axis.scale.getExtent();
            const px = value => chart.convertToPixel({ xAxisIndex: 0 }, value);
            const py = value => chart.convertToPixel({ yAxisIndex: 0 }, value);
            const series = model.getSeries().map(s => {
              const data = s.getData();
              const points = [];
              for (let i = 0; i < data.count(); i++) {
                const x = data.get(data.mapDimension('x'), i);
                const y = data.get(data.mapDimension('y'), i);
                if (y == null || isNaN(y) || y === 0) continue;
                if (s.subType === 'bar') {
                  const layout = data.getItemLayout(i);
                  points.push({ x, y, left: layout.x, base: layout.y, height: layout.height, width: layout.width });
                } else {
                  const symbol = data.getItemGraphicEl(i);
                  points.push({ x, y, px: symbol.x, py: symbol.y });
                }
              }
              return { name: s.name, type: s.subType, slots: data.count(), points };
            });
            return JSON.stringify({ from: extent[0], to: extent[1], slotPx: px(extent[0] + bucketMs) - px(extent[0]),
              unitPx: py(0) - py(1), zeroPx: py(0), series, legend: chart.getOption().legend[0].data,
              xs: [extent[0], extent[0] + bucketMs / 2].map(px) });
            """;

    /**
     * The tooltip of a chart with the pointer over the value arguments[1] of its x axis, as ECharts draws it on the
     * canvas (a rich text of the chart's zrender, since HTML tooltips would break the console's CSP), or null before
     * it shows.
     */
    private static final String TOOLTIP = """
            const chart = echarts.getInstanceByDom(document.getElementById(arguments[0]));
            const grid = chart.getModel().getComponent('grid', 0).coordinateSystem.getRect();
            chart.dispatchAction({ type: 'showTip', x: chart.convertToPixel({ xAxisIndex: 0 }, arguments[1]),
              y: grid.y + grid.height / 2 });
            const shown = chart.getZr().storage.getRoots()
                .filter(element => element.style && typeof element.style.text === 'string'
                    && element.style.text.includes('\\n') && !element.invisible);
            return shown.length ? shown[shown.length - 1].style.text : null;
            """;

    /** The lines of the tooltip shown with the pointer over {@code x} (epoch ms) of {@code chart}. */
    static List<String> tooltip(Browser browser, String chart, long x) {
        String text = browser.wait.until(driver -> (String) browser.driver.executeScript(TOOLTIP, chart, x));
        return List.of(text.split("\n"));
    }

    static JsonNode drawn(Browser browser, String chart, long bucketMs) {
        return Json.mapper().readTree((String) browser.driver.executeScript(DRAWN, chart, bucketMs));
    }

    static void assertSpan(JsonNode chart, long spanMs, long bucketMs) {
        long from = chart.get("from").asLong();
        long to = chart.get("to").asLong();
        assertThat(to - from).as("the axis spans exactly the range: %s", chart).isEqualTo(spanMs);
        assertThat(to % bucketMs).as("the axis ends at a bucket's end").isZero();
        for (JsonNode series : chart.get("series")) {
            assertThat(series.get("slots").asLong())
                    .as("a slot per bucket in %s", series.get("name"))
                    .isEqualTo(spanMs / bucketMs);
        }
    }

    /** Asserts that {@code expected} (bucket middle → status → runs) is drawn as bars stacked per bucket. */
    static void assertStacked(JsonNode chart, long bucketMs, Map<Long, Map<String, Long>> expected) {
        Map<Long, Map<String, Long>> drawn = new TreeMap<>();
        Map<Long, List<JsonNode>> bars = new TreeMap<>();
        for (JsonNode series : chart.get("series")) {
            assertThat(series.get("type").asString()).isEqualTo("bar");
            for (JsonNode point : series.get("points")) {
                drawn.computeIfAbsent(point.get("x").asLong(), x -> new TreeMap<>())
                        .put(series.get("name").asString(), point.get("y").asLong());
                bars.computeIfAbsent(point.get("x").asLong(), x -> new ArrayList<>())
                        .add(point);
            }
        }
        assertThat(drawn).as("the runs of each bucket by status: %s", chart).isEqualTo(expected);
        List<String> names = new ArrayList<>();
        chart.get("series").forEach(series -> names.add(series.get("name").asString()));
        List<String> legend = new ArrayList<>();
        chart.get("legend").forEach(name -> legend.add(name.asString()));
        assertThat(legend).as("the legend names every series").isEqualTo(names);
        double slotPx = chart.get("slotPx").asDouble();
        double unitPx = chart.get("unitPx").asDouble();
        double zeroPx = chart.get("zeroPx").asDouble();
        double originPx = chart.get("xs").get(0).asDouble();
        long from = chart.get("from").asLong();
        bars.forEach((x, stack) -> {
            double base = zeroPx;
            for (JsonNode bar : stack) {
                double centre = bar.get("left").asDouble() + bar.get("width").asDouble() / 2;
                assertThat(centre)
                        .as("a bar stands in the middle of its bucket: %s", bar)
                        .isCloseTo(originPx + (x - from) * slotPx / bucketMs, within(PIXEL));
                assertThat(Math.abs(bar.get("width").asDouble()))
                        .as("a bar is about as wide as its bucket: %s (slot %s px)", bar, slotPx)
                        .isBetween(Math.min(slotPx / 2, 1.0), Math.max(slotPx, 1.0));
                assertThat(bar.get("base").asDouble())
                        .as("a bar stands on the one below it: %s", bar)
                        .isCloseTo(base, within(PIXEL));
                assertThat(-bar.get("height").asDouble())
                        .as("a bar is as high as its runs: %s", bar)
                        .isCloseTo(bar.get("y").asDouble() * unitPx, within(PIXEL));
                base += bar.get("height").asDouble();
            }
        });
    }

    static void assertLine(JsonNode chart, String name, Map<Long, Long> expected) {
        JsonNode series = null;
        for (JsonNode candidate : chart.get("series")) {
            if (candidate.get("name").asString().equals(name)) {
                series = candidate;
            }
        }
        assertThat(series).as("the series %s in %s", name, chart).isNotNull();
        Map<Long, Long> drawn = new TreeMap<>();
        for (JsonNode point : series.get("points")) {
            drawn.put(point.get("x").asLong(), point.get("y").asLong());
            assertThat(point.get("py").asDouble())
                    .as("a point of %s is drawn at its value: %s", name, point)
                    .isCloseTo(
                            chart.get("zeroPx").asDouble()
                                    - point.get("y").asDouble()
                                            * chart.get("unitPx").asDouble(),
                            within(PIXEL));
        }
        assertThat(drawn).isEqualTo(new TreeMap<>(expected));
    }
}
