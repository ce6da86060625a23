package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.probe.InfoDelta;
import io.github.ycsbtiers.suite.report.HdrLogs;
import io.github.ycsbtiers.suite.report.PhaseResult;
import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns one phase's YCSB report into a {@link PhaseResult}. A remote target's server figures come
 * from the report's {@code [SERVER]} section (INFO taken by the binding at the start and the end of
 * the measured phase); only a report without one (a binding that does not write it) falls back to
 * the suite's INFO delta around the whole process, warm-up included.
 */
final class PhaseResults {
  /** The template workload's section of all its operations. */
  static final String TEMPLATES_TOTAL = "TOTAL";
  /** The redis binding's section of the server's INFO over the measured phase, and the hit source it gives. */
  static final String SERVER = "SERVER";
  /** bin/ycsb's verdict on what limited the phase, kept in the details under {@link BottleneckNote#PREFIX}. */
  static final String BOTTLENECK = "BOTTLENECK";

  private PhaseResults() {
  }

  /**
   * Latencies are YCSB's sections as they are: [READ] times successful reads only, a read of a
   * missing key (NOT_FOUND) is timed in [READ-FAILED]. Operations count both. READ-MODIFY-WRITE is
   * left out: its READ and UPDATE are counted on their own. A warm-up is kept apart, from its own
   * [WARMUP] section: bin/ycsb measures nothing during it, so no other section includes it.
   */
  static PhaseResult of(String target, PhaseSpec spec, YcsbOutput out, InfoDelta info, Path dir, List<String> files) {
    Double readAvg = out.number("READ", "AverageLatency(us)");
    Double readP99 = out.number("READ", "99thPercentileLatency(us)");
    Double updateAvg = out.number("UPDATE", "AverageLatency(us)");
    Double updateP99 = out.number("UPDATE", "99thPercentileLatency(us)");
    Double avg;
    Double p99;
    if (spec.load()) {
      avg = out.number("INSERT", "AverageLatency(us)");
      p99 = out.number("INSERT", "99thPercentileLatency(us)");
    } else if (readAvg != null && updateAvg != null) {
      double reads = orZero(out.number("READ", "Operations"));
      double updates = orZero(out.number("UPDATE", "Operations"));
      avg = reads + updates == 0 ? null : (readAvg * reads + updateAvg * updates) / (reads + updates);
      p99 = mergedP99(dir, files);
    } else if (readAvg == null && updateAvg == null && out.has(TEMPLATES_TOTAL)) {
      // a template workload: every template's operations together
      avg = out.number(TEMPLATES_TOTAL, "AverageLatency(us)");
      p99 = out.number(TEMPLATES_TOTAL, "99thPercentileLatency(us)");
    } else {
      avg = readAvg != null ? readAvg : updateAvg;
      p99 = readAvg != null ? readP99 : updateP99;
    }
    Map<String, String> details = new TreeMap<>();
    // the embedded store's reads by tier: [READ-DRAM] and [READ-PERSISTENT], each a YCSB section
    for (String tier : List.of("READ-DRAM", "READ-PERSISTENT")) {
      String p99Tier = out.text(tier, "99thPercentileLatency(us)");
      if (p99Tier != null) {
        details.put(PhaseResult.TIER_P99_PREFIX + tier, p99Tier);
        details.put("operations." + tier, String.valueOf(out.text(tier, "Operations")));
      }
    }
    details.putAll(SecondRates.of(dir, files));
    out.section(BOTTLENECK).forEach((k, v) -> details.put(BottleneckNote.PREFIX + k, v));
    Double hit = null;
    String source = null;
    details.putAll(TemplateFigures.of(out));
    if (out.has("TIER")) {
      out.section("TIER").forEach((k, v) -> details.put("tier." + k, v));
      if (!spec.load()) {
        hit = out.number("TIER", "DramHitRatio");
        source = "TIER";
      }
    } else if (out.has(SERVER)) {
      out.section(SERVER).forEach((k, v) -> details.put("server." + k, v));
      if (!spec.load()) {
        hit = out.number(SERVER, "KeyspaceHitRatio");
        source = hit == null ? null : SERVER;
      }
    } else if (info != null) {
      details.putAll(info.details());
      hit = info.hitRatio();
      source = hit == null ? null : "INFO";
    }
    long operations = 0;
    for (String section : List.of("INSERT", "READ", "UPDATE", "SCAN", "DELETE", TEMPLATES_TOTAL)) {
      operations += (long) orZero(out.number(section, "Operations"));
      operations += (long) orZero(out.number(section + "-FAILED", "Operations"));
    }
    return new PhaseResult(target, spec.group(), spec.phase(), operations,
        orZero(out.number("OVERALL", "Throughput(ops/sec)")), avg, p99, readAvg, readP99, updateAvg, updateP99,
        hit, source, (long) orZero(out.number("OVERALL", "RunTime(ms)")), warmup(out), details, files);
  }

  /** The [WARMUP] section's run time and operations; null when the phase did not warm up. */
  static PhaseResult.Warmup warmup(YcsbOutput out) {
    if (!out.has("WARMUP")) {
      return null;
    }
    return new PhaseResult.Warmup((long) orZero(out.number("WARMUP", "RunTime(ms)")),
        (long) orZero(out.number("WARMUP", "Operations")));
  }

  private static Double mergedP99(Path dir, List<String> files) {
    List<Path> logs = new ArrayList<>();
    for (String f : files) {
      String op = HdrLogs.operationOf(Path.of(f).getFileName().toString());
      if (f.endsWith(".hdr") && (op.equals("READ") || op.equals("UPDATE")) && HdrLogs.readable(dir.resolve(f))) {
        logs.add(dir.resolve(f));
      }
    }
    if (logs.size() < 2) {
      return null;
    }
    return (double) HdrLogs.merge(logs).getValueAtPercentile(99);
  }

  private static double orZero(Double d) {
    return d == null ? 0 : d;
  }
}
