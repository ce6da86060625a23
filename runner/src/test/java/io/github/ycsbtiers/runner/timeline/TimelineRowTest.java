package io.github.ycsbtiers.runner.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

/** The timeline's row format against a golden row, from a timeline fed as the registry feeds it. */
class TimelineRowTest {

  @Test
  void aRowIsOneJsonObjectInTheDocumentedShape() {
    // 3 significant digits, as the report's histograms: 5000 is kept as 5003, its bucket's top
    Timeline t = new Timeline(true);
    for (int i = 1; i <= 1000; i++) {
      t.latency("READ", i);
      t.intended("READ", i + 1000);
      t.status("READ", Status.OK);
    }
    t.latency("READ-FAILED", 5000);
    t.status("READ", Status.ERROR);
    Map<String, Number> server = new LinkedHashMap<>();
    server.put("Calls-GET", 1001L);
    server.put("KeyspaceHitRatio", 0.5);
    String row = new TimelineRow().string("time", "2026-11-24T15:40:01.004Z").number("elapsed_s", 12.0)
        .number("interval_s", 1.0).string("phase", t.warmingUp() ? "warmup" : "measured")
        .number("operations", 1001).number("ops_per_s", 1001.0).sections(t.cut())
        .number("client_cpu_cores", 0.25).number("gc_count", 0).number("gc_pause_ms", 0)
        .object("server", TimelineRow.numbers(server)).end();
    assertEquals("{\"time\":\"2026-11-24T15:40:01.004Z\",\"elapsed_s\":12,\"interval_s\":1,\"phase\":\"warmup\","
        + "\"operations\":1001,\"ops_per_s\":1001,\"sections\":{"
        + "\"READ\":{\"count\":1000,\"p50_us\":500,\"p99_us\":990,\"p999_us\":999,\"max_us\":1000,"
        + "\"intended\":{\"p50_us\":1500,\"p99_us\":1990,\"p999_us\":1999,\"max_us\":2000},"
        + "\"returns\":{\"ERROR\":1,\"OK\":1000}},"
        + "\"READ-FAILED\":{\"count\":1,\"p50_us\":5003,\"p99_us\":5003,\"p999_us\":5003,\"max_us\":5003}},"
        + "\"client_cpu_cores\":0.250,\"gc_count\":0,\"gc_pause_ms\":0,"
        + "\"server\":{\"Calls-GET\":1001,\"KeyspaceHitRatio\":0.500}}", row);
  }

  @Test
  void aCutEmptiesTheIntervalAndMeasuringEndsTheWarmup() {
    Timeline t = new Timeline(true);
    t.latency("UPDATE", 10);
    assertEquals(1, t.cut().get("UPDATE").latency().getTotalCount());
    assertEquals(Map.of(), t.cut());
    t.measuring();
    assertEquals(false, t.warmingUp());
  }
}
