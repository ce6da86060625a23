package io.github.ycsbtiers.suite.scenario;

import io.github.ycsbtiers.suite.input.TargetSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * value-size: the Tair persistent-memory paper's matrix, scaled. For each value size: Load of
 * --data bytes (recordcount = data / (key + value)), workload C and workload A, both zipfian, with
 * recordcount operations. The embedded store runs at memory:data 7:1 unless the target sets its
 * own tiered.ratio or tiered.memory.
 */
final class ValueSize {
  static final String WORKLOAD_C = "workloadc-zipfian";
  static final String WORKLOAD_A = "workloada-zipfian";

  private ValueSize() {
  }

  static List<PhaseSpec> plan(PlanInputs options, TargetSpec target) {
    List<PhaseSpec> phases = new ArrayList<>();
    for (int size : options.valueSizes()) {
      long records = options.records().orElse(Math.max(1, options.dataBytes() / (Scenario.KEY_BYTES + size)));
      long operations = options.runOperations(records);
      Map<String, String> props = new LinkedHashMap<>();
      props.put("fieldcount", "1");
      props.put("fieldlength", Integer.toString(size));
      if (target.embedded() && !target.properties().containsKey("tiered.ratio")
          && !target.properties().containsKey("tiered.memory")) {
        props.put("tiered.ratio", Ratio.MEMORY_LARGER.toString());
      }
      String group = size + " B";
      phases.add(new PhaseSpec(group, "load", true, "workloads/load", records, operations, props));
      Map<String, String> zipfian = new LinkedHashMap<>(props);
      zipfian.put("requestdistribution", "zipfian");
      phases.add(new PhaseSpec(group, WORKLOAD_C, false, "workloads/workloadc", records, operations, zipfian));
      phases.add(new PhaseSpec(group, WORKLOAD_A, false, "workloads/workloada", records, operations, zipfian));
    }
    return phases;
  }
}
