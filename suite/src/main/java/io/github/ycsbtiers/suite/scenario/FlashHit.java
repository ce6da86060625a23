package io.github.ycsbtiers.suite.scenario;

import io.github.ycsbtiers.suite.input.TargetSpec;
import io.github.ycsbtiers.suite.input.UsageException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

/**
 * flash-hit: the Redis on Flash benchmark. One 1 KiB value per record; RAM holds 20% of the data
 * and flash the other 80% (the paper's RAM:flash 20:80: {@code tiered.ratio=1:5} on the embedded
 * store, a data size of five times the memory on a remote target); a Gaussian key pattern whose
 * deviation puts the hit target's share of the requests on the middle 20% of the keys
 * ({@code gaussian.hitratio}, {@code gaussian.hotshare=0.2}); for each hit target a Load, then one
 * run phase per set:get ratio, each searched for its highest rate under the latency bound
 * ({@code --slo}, default {@code p99<1ms}).
 */
final class FlashHit {
  static final int VALUE_BYTES = 1024;
  /** The share of the data that RAM holds, and the share of keys the hit target refers to. */
  static final double RAM_SHARE = 0.2;
  static final String EMBEDDED_RATIO = "1:5";
  static final long DEFAULT_EMBEDDED_RECORDS = 100_000;

  private FlashHit() {
  }

  static List<PhaseSpec> plan(PlanInputs options, TargetSpec target, OptionalLong memory) {
    if (target.embedded() && (target.properties().containsKey("tiered.ratio")
        || target.properties().containsKey("tiered.memory"))) {
      throw UsageException.badValue("--target", target.toString(),
          "flash-hit sets tiered.ratio=" + EMBEDDED_RATIO + " (RAM 20% of the data); remove tiered.ratio and tiered.memory");
    }
    for (String key : target.properties().keySet()) {
      if (key.startsWith("gaussian.") || key.endsWith("proportion") || key.equals("maxexecutiontime")) {
        throw UsageException.badValue("--target", target.toString(), key + " is set by flash-hit; use --hit-targets,"
            + " --set-get or --duration instead");
      }
    }
    long records = records(options, memory);
    long operations = options.duration().isPresent() ? 0 : options.runOperations(records);
    Map<String, String> base = new LinkedHashMap<>();
    base.put("fieldcount", "1");
    base.put("fieldlength", Integer.toString(VALUE_BYTES));
    if (target.embedded()) {
      base.put("tiered.ratio", EMBEDDED_RATIO);
    }
    List<PhaseSpec> phases = new ArrayList<>();
    for (double hit : options.hitTargets()) {
      String group = groupName(hit);
      phases.add(new PhaseSpec(group, "load", true, "workloads/load", records, operations, base));
      for (SetGet mix : options.setGets()) {
        Map<String, String> props = new LinkedHashMap<>(base);
        props.put("readproportion", fraction(mix.get(), mix.set() + mix.get()));
        props.put("updateproportion", fraction(mix.set(), mix.set() + mix.get()));
        props.put("insertproportion", "0");
        props.put("scanproportion", "0");
        props.put("readmodifywriteproportion", "0");
        props.put("requestdistribution", "gaussian");
        props.put("gaussian.hitratio", fraction(hit, 1));
        props.put("gaussian.hotshare", Double.toString(RAM_SHARE));
        options.duration().ifPresent(d -> props.put("maxexecutiontime", Long.toString(d)));
        phases.add(new PhaseSpec(group, "set:get " + mix, false, "workloads/workloada", records, operations, props));
      }
    }
    return phases;
  }

  /** {@code 85% hit}. */
  static String groupName(double hit) {
    return String.format(Locale.ROOT, "%s%% hit", trim(100 * hit));
  }

  /** --records; else a remote target's memory x 5 over the record size; else the embedded default. */
  static long records(PlanInputs options, OptionalLong memory) {
    if (options.records().isPresent()) {
      return options.records().getAsLong();
    }
    if (memory.isEmpty()) {
      return DEFAULT_EMBEDDED_RECORDS;
    }
    double data = memory.getAsLong() / RAM_SHARE;
    return Math.max(1, (long) (data / (Scenario.KEY_BYTES + VALUE_BYTES)));
  }

  private static String fraction(double part, double whole) {
    return trim(part / whole);
  }

  private static String trim(double v) {
    String s = String.format(Locale.ROOT, "%.6f", v);
    return s.replaceAll("0+$", "").replaceAll("\\.$", "");
  }
}
