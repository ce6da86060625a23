package io.github.ycsbtiers.suite.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.report.PhaseResult;
import io.github.ycsbtiers.suite.report.Section;
import io.github.ycsbtiers.suite.timeline.TimelineFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The capacity read from a profiled phase's timeline rows: points, baseline, knee, chart and section. */
class RampCapacityTest {
  @TempDir
  Path dir;

  /** A ramp of 1-second rows: offered 1000, 2000, ...; intended p99 from {@code p99s}. */
  static String ramp(double... p99s) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < p99s.length; i++) {
      double offered = 1000.0 * (i + 1);
      b.append(String.format(Locale.ROOT, "{\"time\":\"2026-11-28T10:00:%02d.000Z\",\"elapsed_s\":%d,\"interval_s\":1.0,"
          + "\"phase\":\"measured\",\"operations\":%d,\"ops_per_s\":%.1f,\"offered_operations\":%d,"
          + "\"offered_ops_per_s\":%.1f,\"late_operations\":%d,\"dropped_operations\":0,\"sections\":{\"READ\":"
          + "{\"count\":%d,\"p50_us\":50,\"p99_us\":90,\"p999_us\":120,\"max_us\":400,\"intended\":{\"p50_us\":60,"
          + "\"p99_us\":%d,\"p999_us\":%d,\"max_us\":%d}}}}%n", i + 1, i + 1, (long) Math.min(offered, 6000),
          Math.min(offered, 6000), (long) offered, offered, offered > 6000 ? 500 : 0, (long) Math.min(offered, 6000),
          (long) p99s[i], (long) p99s[i], (long) p99s[i]));
    }
    return b.toString();
  }

  @Test
  void theKneeIsTheFirstOfTwoSecondsAboveTheFactorTimesTheBaseline() throws Exception {
    // a lone spike at 3000/s (a pause of the client) is not the knee; 6000/s and on are
    Path f = Files.writeString(dir.resolve("p" + TimelineFile.SUFFIX), ramp(110, 100, 900, 120, 150, 400, 5000, 90000));
    RampCapacity c = RampCapacity.of(TimelineFile.read(f), 2);
    assertEquals(8, c.points().size());
    assertEquals(100, c.baselineP99Us(), "the lowest of the third offered least (the first two rows)");
    assertEquals(6000, c.knee().offered());
    assertEquals(6000, c.knee().achieved());
    assertEquals(6000, c.peakAchieved());
    assertEquals(500, c.points().get(7).late());
    assertNull(RampCapacity.of(TimelineFile.read(Files.writeString(dir.resolve("flat" + TimelineFile.SUFFIX),
        ramp(100, 110, 120, 130))), 2).knee(), "no knee below the factor");
  }

  /**
   * Seconds at one rate before the ramp (the JVM's first, two of them slow) are one bin whose
   * median is low: the knee is the ramp's (bench/rate-profile.sh read it at that constant rate,
   * 11,242 ops/s against the curve's 56,211, before bins).
   */
  @Test
  void aConstantSegmentIsOneBinAndItsSlowFirstSecondsNoKnee() throws Exception {
    double[] warm = {5000, 3000, 100, 100, 90, 100, 100, 100, 100, 100};
    StringBuilder rows = new StringBuilder();
    for (double p99 : warm) {
      rows.append(ramp(p99).replace("\"offered_ops_per_s\":1000.0", "\"offered_ops_per_s\":1000.0"));
    }
    String ramp = ramp(100, 110, 120, 130, 125, 140, 900, 5000, 9000);
    // the ramp's rows from 2000/s on (its first row, at 1000/s, joins the constant segment's bin)
    Path f = Files.writeString(dir.resolve("w" + TimelineFile.SUFFIX), rows + ramp);
    RampCapacity c = RampCapacity.of(TimelineFile.read(f), 2);
    assertEquals(19, c.points().size());
    assertEquals(7000, c.knee().offered());
    assertEquals(900, c.knee().intendedP99Us());
  }

  @Test
  void aPhaseWithoutAProfileHasNoCapacity() throws Exception {
    Path f = Files.writeString(dir.resolve("q" + TimelineFile.SUFFIX), "{\"time\":\"2026-11-28T10:00:01Z\","
        + "\"interval_s\":1.0,\"phase\":\"measured\",\"ops_per_s\":10.0,\"sections\":{}}\n");
    assertNull(RampCapacity.of(TimelineFile.read(f), 2));
  }

  @Test
  void everyProfiledPhaseGetsAChartAndARow() throws Exception {
    Path raw = Files.createDirectories(dir.resolve("raw/redis"));
    Files.writeString(raw.resolve("02-1-1-uniform-read-profile" + TimelineFile.SUFFIX),
        ramp(110, 100, 120, 130, 150, 400, 5000, 90000));
    PhaseResult r = new PhaseResult("redis", "1:1", "uniform-read @profile", 1000, 1000.0, 10.0, 20.0, 10.0, 20.0,
        null, null, null, null, 1000, null, Map.of(), List.of("raw/redis/02-1-1-uniform-read-profile.txt",
        "raw/redis/02-1-1-uniform-read-profile" + TimelineFile.SUFFIX));
    var s = new io.github.ycsbtiers.suite.report.Summary("tier-ratio", "d", "memory:data",
        io.github.ycsbtiers.suite.report.TableLayout.PHASE_ROWS, "2026-11-28T10:00:00Z",
        List.of(new io.github.ycsbtiers.suite.report.Summary.Target("redis", "redis")), "complete", List.of(r),
        List.of());
    List<String> skipped = new ArrayList<>();
    List<CapacityReport.Entry> entries = CapacityReport.write(s, List.of(), dir, skipped);
    assertEquals(List.of(), skipped);
    assertEquals(1, entries.size());
    assertEquals("charts/capacity-redis-02-1-1-uniform-read-profile.png", entries.get(0).chart());
    assertTrue(Files.size(dir.resolve(entries.get(0).chart())) > 10_000);
    Section section = CapacityReport.section(entries);
    String md = section.markdown();
    assertTrue(md.startsWith("## Capacity from a ramp\n"), md);
    assertTrue(md.contains("| redis | 1:1 | uniform-read @profile | 8 | 6,000 | 6,000 | 6,000 | 400 |  |"
        + " [capacity-redis-02-1-1-uniform-read-profile.png](charts/capacity-redis-02-1-1-uniform-read-profile.png) |"),
        md);
  }
}
