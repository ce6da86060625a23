package io.github.ycsbtiers.suite.scenario;

import io.github.ycsbtiers.suite.input.TargetSpec;
import io.github.ycsbtiers.suite.input.UsageException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * tier-ratio: the Tair capacity-storage paper's matrix. For each ratio (7:1, then 1:4): Load,
 * Uniform-Read, Zipfian-Read, Uniform 50/50, one 100-byte field per record. Run phases do
 * recordcount operations at 7:1 and recordcount/32 at 1:4, as the paper does.
 */
final class TierRatio {
  static final List<Ratio> RATIOS = List.of(Ratio.MEMORY_LARGER, Ratio.DATA_LARGER);
  static final List<String> PHASES = List.of("load", "uniform-read", "zipfian-read", "uniform-update5050");

  private TierRatio() {
  }

  static List<PhaseSpec> plan(PlanInputs options, TargetSpec target, OptionalLong memory) {
    if (target.embedded() && (target.properties().containsKey("tiered.ratio")
        || target.properties().containsKey("tiered.memory"))) {
      throw UsageException.badValue("--target", target.toString(),
          "tier-ratio sets tiered.ratio for each ratio; remove tiered.ratio and tiered.memory");
    }
    List<PhaseSpec> phases = new ArrayList<>();
    for (Ratio ratio : RATIOS) {
      long records = records(options, memory, ratio);
      long operations = options.runOperations(ratio.memoryLarger() ? records : Math.max(1, records / 32));
      Map<String, String> props = new LinkedHashMap<>();
      props.put("fieldcount", "1");
      props.put("fieldlength", Integer.toString(options.valueSize()));
      if (target.embedded()) {
        props.put("tiered.ratio", ratio.toString());
      }
      for (String phase : PHASES) {
        phases.add(new PhaseSpec(ratio.toString(), phase, phase.equals("load"), "workloads/" + phase,
            records, operations, props));
      }
    }
    return phases;
  }

  /** --records; else the remote instance's memory times data/memory over the record size. */
  static long records(PlanInputs options, OptionalLong memory, Ratio ratio) {
    if (options.records().isPresent()) {
      return options.records().getAsLong();
    }
    if (memory.isEmpty()) {
      return Scenario.DEFAULT_EMBEDDED_RECORDS;
    }
    double data = (double) memory.getAsLong() * ratio.data() / ratio.memory();
    return Math.max(1, (long) (data / (Scenario.KEY_BYTES + options.valueSize())));
  }
}
