package io.github.ycsbtiers.runner.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Timelines of clients added row by row: sums, highest percentiles, warm-up rows left out. */
class TimelineMergeTest {
  @TempDir
  Path dir;

  private Path file(String name, String... rows) throws Exception {
    return Files.writeString(dir.resolve(name), String.join("\n", rows) + "\n");
  }

  @Test
  void rowsAddUpRowByRow() throws Exception {
    Path a = file("a", "{\"time\":\"2026-11-28T10:00:00.5Z\",\"elapsed_s\":0.5,\"interval_s\":0.5,\"phase\":\"warmup\","
        + "\"operations\":1,\"sections\":{}}",
        "{\"time\":\"2026-11-28T10:00:01.002Z\",\"elapsed_s\":1.002,\"interval_s\":1.0,\"phase\":\"measured\","
        + "\"operations\":100,\"ops_per_s\":100.0,\"offered_operations\":101,\"offered_ops_per_s\":101,"
        + "\"late_operations\":3,\"dropped_operations\":0,\"sections\":{\"READ\":{\"count\":100,\"p50_us\":10,"
        + "\"p99_us\":90,\"p999_us\":95,\"max_us\":99,\"intended\":{\"p50_us\":11,\"p99_us\":900,\"p999_us\":950,"
        + "\"max_us\":990},\"returns\":{\"OK\":100}}},\"server\":{\"Calls-GET\":100},"
        + "\"bottleneck\":{\"verdict\":\"none found\",\"rule\":\"none\"}}");
    Path b = file("b", "{\"time\":\"2026-11-28T10:00:01.001Z\",\"elapsed_s\":1.001,\"interval_s\":1.001,"
        + "\"phase\":\"measured\",\"operations\":50,\"ops_per_s\":49.9,\"offered_operations\":100,"
        + "\"offered_ops_per_s\":100,\"late_operations\":0,\"dropped_operations\":2,\"sections\":{\"READ\":{"
        + "\"count\":50,\"p50_us\":20,\"p99_us\":80,\"p999_us\":85,\"max_us\":120,\"returns\":{\"OK\":49,"
        + "\"NOT_FOUND\":1}}}}",
        "{\"time\":\"2026-11-28T10:00:01.5Z\",\"elapsed_s\":1.5,\"interval_s\":0.5,\"phase\":\"measured\","
        + "\"operations\":5,\"ops_per_s\":10,\"sections\":{}}");
    List<String> rows = TimelineMerge.merge(List.of(a, b));
    assertEquals(2, rows.size());
    Map<String, Object> first = JsonRow.parse(rows.get(0));
    assertEquals("2026-11-28T10:00:01.002Z", first.get("time"));
    assertEquals(2.0, first.get("clients"));
    assertEquals(150.0, first.get("operations"));
    assertEquals(149.9, (Double) first.get("ops_per_s"), 1e-9);
    assertEquals(201.0, first.get("offered_operations"));
    assertEquals(201.0, first.get("offered_ops_per_s"));
    assertEquals(3.0, first.get("late_operations"));
    assertEquals(2.0, first.get("dropped_operations"));
    assertEquals(Map.of("count", 150.0, "p50_us", 20.0, "p99_us", 90.0, "p999_us", 95.0, "max_us", 120.0,
        "intended", Map.of("p50_us", 11.0, "p99_us", 900.0, "p999_us", 950.0, "max_us", 990.0),
        "returns", Map.of("OK", 149.0, "NOT_FOUND", 1.0)), ((Map<?, ?>) first.get("sections")).get("READ"));
    assertEquals(1.0, JsonRow.parse(rows.get(1)).get("clients"), "a row only one client has");
  }

  @Test
  void profiledRowsGoTogetherByTheirNumber() throws Exception {
    // b was ready only in the profile's second interval: its first row is row 1, beside a's second
    Path a = file("pa", "{\"phase\":\"measured\",\"profile_row\":0,\"offered_operations\":50,\"sections\":{}}",
        "{\"phase\":\"measured\",\"profile_row\":1,\"offered_operations\":50,\"sections\":{}}");
    Path b = file("pb", "{\"phase\":\"measured\",\"profile_row\":1,\"offered_operations\":50,\"sections\":{}}",
        "{\"phase\":\"measured\",\"profile_row\":2,\"offered_operations\":0,\"sections\":{}}");
    List<Map<String, Object>> rows = TimelineMerge.merge(List.of(a, b)).stream().map(JsonRow::parse).toList();
    assertEquals(List.of(0.0, 1.0, 2.0), rows.stream().map(r -> r.get("profile_row")).toList());
    assertEquals(List.of(50.0, 100.0, 0.0), rows.stream().map(r -> r.get("offered_operations")).toList());
    assertEquals(List.of(1.0, 2.0, 1.0), rows.stream().map(r -> r.get("clients")).toList());
  }

  @Test
  void aLineThatIsNotARowNamesItsFileAndLine() throws Exception {
    Path bad = file("bad", "{\"phase\":\"measured\"}", "{\"phase\":");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TimelineMerge.merge(List.of(bad)));
    assertTrue(e.getMessage().startsWith(bad + " line 2 is not a timeline row"), e.getMessage());
  }
}
