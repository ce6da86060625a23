package io.github.ycsbtiers.suite.compare;

import io.github.ycsbtiers.suite.report.PhaseResult;
import io.github.ycsbtiers.suite.report.ReportWriter;
import io.github.ycsbtiers.suite.report.Summary;
import io.github.ycsbtiers.suite.report.TableLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Results directories written by the suite's own report writer (summary.md, .csv, .json), with a
 * timeline of one row per second for each phase when asked: what compare reads.
 */
final class SyntheticResults {
  /** A round's noise: each round's throughput is the base times one of these, in turn. */
  static final double[] ROUND_NOISE = {1.00, 1.03, 0.97, 1.02, 0.99, 1.01};
  /** A second's noise, likewise. */
  static final double[] SECOND_NOISE = {1.00, 0.95, 1.04, 0.98, 1.06, 0.97, 1.02, 0.96, 1.05, 0.99, 1.01, 1.03};

  private SyntheticResults() {
  }

  /**
   * A run of {@code rounds} rounds of target {@code target}: a Load (once) and a uniform-read whose
   * throughput is {@code qps} and p99 {@code p99} (times a round's noise); with {@code seconds} > 0
   * each phase has a timeline of that many measured seconds (after two warm-up rows).
   */
  static Path write(Path dir, String target, int rounds, double qps, double p99, int seconds) throws IOException {
    Files.createDirectories(dir.resolve("raw").resolve(target));
    List<PhaseResult> results = new ArrayList<>();
    results.add(phase(dir, target, "load", 0, 1, qps / 4, p99 * 3, seconds));
    for (int r = 1; r <= rounds; r++) {
      double noise = ROUND_NOISE[(r - 1) % ROUND_NOISE.length];
      results.add(phase(dir, target, "uniform-read", rounds > 1 ? r : 0, r + 1, qps * noise, p99 / noise, seconds));
    }
    ReportWriter.writeTables(new Summary("tier-ratio", "synthetic", "memory:data", TableLayout.PHASE_ROWS,
        "2026-11-30T10:00:00Z", List.of(new Summary.Target(target, "tiered")), "complete", results, List.of()), dir);
    return dir;
  }

  private static PhaseResult phase(Path dir, String target, String phase, int round, int step, double qps, double p99,
      int seconds) throws IOException {
    String prefix = String.format("raw/%s/%02d-7-1-%s%s", target, step, phase, round > 0 ? "-r" + round : "");
    List<String> files = new ArrayList<>(List.of(prefix + ".txt"));
    if (seconds > 0) {
      StringBuilder rows = new StringBuilder();
      Instant t = Instant.parse("2026-11-30T10:00:00Z");
      for (int i = 0; i < seconds + 2; i++) {
        t = t.plusSeconds(1);
        boolean warmup = i < 2;
        double rate = warmup ? qps / 2 : qps * SECOND_NOISE[(i - 2) % SECOND_NOISE.length];
        rows.append(String.format(java.util.Locale.ROOT, "{\"time\":\"%s\",\"interval_s\":1.0,\"phase\":\"%s\","
            + "\"ops_per_s\":%.1f}%n", t, warmup ? "warmup" : "measure", rate));
      }
      // the phase's last row: a fraction of a second, left out
      rows.append(String.format(java.util.Locale.ROOT, "{\"time\":\"%s\",\"interval_s\":0.3,\"phase\":\"measure\","
          + "\"ops_per_s\":%.1f}%n", t.plusMillis(300), qps * 10));
      Files.writeString(dir.resolve(prefix + "-timeline.jsonl"), rows);
      files.add(prefix + "-timeline.jsonl");
    }
    return new PhaseResult(target, "7:1", phase, 1000, qps, p99 / 2, p99, null, null, null, null, null, null, 1000,
        null, round > 0 ? Map.of("round", Integer.toString(round)) : Map.of(), files);
  }
}
