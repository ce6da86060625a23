package io.github.ycsbtiers.suite.timeline;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.codehaus.jackson.map.ObjectMapper;

/**
 * The rows of one timeline file (JSON Lines, format in the runner's {@code timeline.TimelineRow}),
 * with what the chart draws: when each row ended, the client's throughput, the p99 of each
 * operation section (and its intended p99), the rates of the server's main counters, and under a
 * rate profile what it offered and how many operations were late.
 */
public record TimelineFile(List<Row> rows) {
  /** What the suite's phase files end in: {@code raw/<target>/<phase prefix>-timeline.jsonl}. */
  public static final String SUFFIX = "-timeline.jsonl";
  /** A row at least this long is a whole one-second row (rows end on the clock, a few ms late). */
  public static final double WHOLE_ROW_SECONDS = 0.9;
  /** Sections not drawn: the clean-up at the end, and failed operations (timed apart by YCSB). */
  private static final List<String> NOT_DRAWN = List.of("CLEANUP");

  /**
   * One row.
   *
   * @param end when the interval ended
   * @param seconds the interval's length
   * @param warmup whether the row is the warm-up's
   * @param opsPerSecond the client's completed operations per second
   * @param p99Us the p99 of every operation section that recorded in the row, in microseconds
   * @param serverRates per second over the row: {@code persistent reads}, {@code persistent writes}
   *     (the embedded store's [TIER]), {@code server commands}, {@code keyspace misses},
   *     {@code evictions} (a remote server's [SERVER])
   * @param stallUs time the server held writers back in the row, in microseconds summed over
   *     writers: {@code write stall} (the embedded store's RocksDB {@code StallMicros}); empty
   *     where the row has none
   * @param offeredPerSecond under a rate profile, what it offered in the row's window per second
   *     ({@code offered_ops_per_s}); NaN without a profile
   * @param intendedP99Us the intended p99 of every operation section that records one (from the due
   *     time: {@code -target} or a profile), in microseconds
   * @param late under a rate profile, the operations sent late in the row; NaN without a profile
   */
  public record Row(Instant end, double seconds, boolean warmup, double opsPerSecond, Map<String, Double> p99Us,
      Map<String, Double> serverRates, Map<String, Double> stallUs, double offeredPerSecond,
      Map<String, Double> intendedP99Us, double late) {

    /** Whether the row is a rate profile's (it says what the profile offered). */
    public boolean profiled() {
      return !Double.isNaN(offeredPerSecond);
    }

    /** The highest intended p99 of the row's operations; NaN when none is recorded. */
    public double worstIntendedP99Us() {
      return intendedP99Us.values().stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
  }

  public static TimelineFile read(Path file) throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<Row> rows = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (!line.isBlank()) {
        rows.add(row(json.readValue(line, Map.class)));
      }
    }
    return new TimelineFile(rows);
  }

  @SuppressWarnings("unchecked")
  static Row row(Map<String, Object> r) {
    double seconds = number(r.get("interval_s"));
    Map<String, Double> p99 = new LinkedHashMap<>();
    Map<String, Double> intended = new LinkedHashMap<>();
    Map<String, Object> sections = (Map<String, Object>) r.getOrDefault("sections", Map.of());
    sections.forEach((name, value) -> {
      Map<String, Object> section = (Map<String, Object>) value;
      Object q = section.get("p99_us");
      if (q != null && !NOT_DRAWN.contains(name) && !name.endsWith("-FAILED")) {
        p99.put(name, number(q));
        if (section.get("intended") instanceof Map<?, ?> i && i.get("p99_us") != null) {
          intended.put(name, number(i.get("p99_us")));
        }
      }
    });
    Map<String, Double> rates = new LinkedHashMap<>();
    Map<String, Double> stalls = new LinkedHashMap<>();
    Map<String, Object> tier = (Map<String, Object>) r.get("tier");
    if (tier != null && tier.get("StallMicros") != null) {
      stalls.put("write stall", number(tier.get("StallMicros")));
    }
    if (seconds > 0) {
      if (tier != null) {
        rate(rates, "persistent reads", tier.get("PersistentReads"), seconds);
        rate(rates, "persistent writes", tier.get("PersistentWrites"), seconds);
      }
      Map<String, Object> server = (Map<String, Object>) r.get("server");
      if (server != null) {
        double calls = 0;
        for (Map.Entry<String, Object> e : server.entrySet()) {
          if (e.getKey().startsWith("Calls-") && !e.getKey().equals("Calls-INFO")) {
            calls += number(e.getValue());
          }
        }
        rates.put("server commands", calls / seconds);
        rate(rates, "keyspace misses", server.get("KeyspaceMisses"), seconds);
        rate(rates, "evictions", server.get("EvictedKeys"), seconds);
      }
    }
    return new Row(Instant.parse((String) r.get("time")), seconds, "warmup".equals(r.get("phase")),
        number(r.get("ops_per_s")), p99, rates, stalls, number(r.get("offered_ops_per_s")), intended,
        number(r.get("late_operations")));
  }

  private static void rate(Map<String, Double> rates, String name, Object count, double seconds) {
    if (count != null) {
      rates.put(name, number(count) / seconds);
    }
  }

  private static double number(Object o) {
    return o instanceof Number n ? n.doubleValue() : Double.NaN;
  }

  /**
   * The throughput (ops/s) of every whole measured row in order: warm-up rows and the phase's last,
   * partial row left out. With {@code timeline.interval=1} (the suite's), one value per second.
   */
  public double[] measuredRates() {
    return rows.stream().filter(r -> !r.warmup() && r.seconds() >= WHOLE_ROW_SECONDS)
        .mapToDouble(Row::opsPerSecond).toArray();
  }

  /** Seconds from the first row's start to the end of {@code row}. */
  public double elapsed(Row row) {
    Row first = rows.get(0);
    double start = first.end().toEpochMilli() / 1000.0 + (first.end().getNano() % 1_000_000) / 1e9 - first.seconds();
    return row.end().toEpochMilli() / 1000.0 + (row.end().getNano() % 1_000_000) / 1e9 - start;
  }
}
