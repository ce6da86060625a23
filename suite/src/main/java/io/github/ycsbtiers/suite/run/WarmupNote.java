package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.cli.WarmupSetting;
import io.github.ycsbtiers.suite.report.PhaseResult;
import java.util.Locale;

/**
 * The summary's note on the warm-up: which phases asked for one, with what setting, and how long
 * the finished phases' warm-ups took, e.g. "run phases warmed up first (warmuptime=auto, cap 60 s):
 * 4.1-9.8 s, not measured; loads measured whole". A phase that asked but reported no [WARMUP]
 * section ran under a bin/ycsb without warm-up, so every operation of it was measured; the note
 * says so rather than claim a warm-up.
 */
final class WarmupNote {
  private final WarmupSetting setting;
  private int asked;
  private int reported;
  private long minMs = Long.MAX_VALUE;
  private long maxMs;

  WarmupNote(WarmupSetting setting) {
    this.setting = setting;
  }

  void add(boolean load, PhaseResult r) {
    if (!setting.appliesTo(load)) {
      return;
    }
    asked++;
    if (r.warmup() != null) {
      reported++;
      minMs = Math.min(minMs, r.warmup().runtimeMs());
      maxMs = Math.max(maxMs, r.warmup().runtimeMs());
    }
  }

  String text() {
    if (setting.off()) {
      return "no warm-up (--warmup 0): every phase measured from its first operation";
    }
    String phases = setting.loads() ? "loads and run phases" : "run phases";
    String loads = setting.loads()
        ? "a Load's warm-up inserts are among its records (at most half), so it measures fewer inserts"
        : "loads measured whole";
    if (asked > 0 && reported == 0) {
      return phases + " asked to warm up first (" + setting.describe() + "), but no phase report has a [WARMUP]"
          + " section (a bin/ycsb without warm-up): every operation measured";
    }
    StringBuilder b = new StringBuilder(phases).append(" warmed up first (").append(setting.describe()).append(')');
    if (reported > 0) {
      b.append(": ").append(seconds(minMs));
      if (!seconds(minMs).equals(seconds(maxMs))) {
        b.append('-').append(seconds(maxMs));
      }
      b.append(" s");
    }
    b.append(", not measured");
    if (reported < asked) {
      b.append(" (").append(asked - reported).append(" of ").append(asked).append(" reported no warm-up)");
    }
    return b.append("; ").append(loads).toString();
  }

  private static String seconds(long ms) {
    return String.format(Locale.ROOT, "%.1f", ms / 1000.0);
  }
}
