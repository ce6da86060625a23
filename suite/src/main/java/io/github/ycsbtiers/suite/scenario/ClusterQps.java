package io.github.ycsbtiers.suite.scenario;

import io.github.ycsbtiers.api.PropertyValues;
import io.github.ycsbtiers.suite.input.TargetSpec;
import io.github.ycsbtiers.suite.input.UsageException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * cluster-qps: the Alibaba paper's cluster section (memtier {@code -c 20 -t 10 --ratio=1:1 -d 32
 * --test-time}). Against Redis Cluster targets only: a Load of 32-byte values, then SET:GET 1:1,
 * uniform, on the async engine with 200 operations in flight by default (10 x 20), for
 * {@code --duration} seconds. Per-node QPS comes from each master's INFO commandstats.
 */
final class ClusterQps {
  static final int VALUE_BYTES = 32;
  static final long DEFAULT_RECORDS = 100_000;
  static final long DEFAULT_DURATION_SECONDS = 60;
  static final String GROUP = "1:1";

  private ClusterQps() {
  }

  static List<PhaseSpec> plan(PlanInputs options, TargetSpec target) {
    if (target.embedded() || !PropertyValues.bool(target.property("redis.cluster", "false")).orElse(false)) {
      throw UsageException.badValue("--target", target.toString(),
          "cluster-qps runs against Redis Cluster targets: a redis target with redis.cluster=true");
    }
    for (String key : List.of("runner.engine", "maxexecutiontime", "readproportion", "updateproportion")) {
      if (target.properties().containsKey(key)) {
        throw UsageException.badValue("--target", target.toString(), key + " is set by cluster-qps");
      }
    }
    long records = options.records().orElse(DEFAULT_RECORDS);
    Map<String, String> props = new LinkedHashMap<>();
    props.put("fieldcount", "1");
    props.put("fieldlength", Integer.toString(VALUE_BYTES));
    PhaseSpec load = new PhaseSpec(GROUP, "load", true, "workloads/load", records, 0, props);
    Map<String, String> run = new LinkedHashMap<>(props);
    run.put("readproportion", "0.5");
    run.put("updateproportion", "0.5");
    run.put("insertproportion", "0");
    run.put("scanproportion", "0");
    run.put("readmodifywriteproportion", "0");
    run.put("requestdistribution", "uniform");
    run.put("runner.engine", "async");
    run.put("maxexecutiontime", Long.toString(options.duration().orElse(DEFAULT_DURATION_SECONDS)));
    return List.of(load, new PhaseSpec(GROUP, "set:get 1:1", false, "workloads/workloada", records, 0, run));
  }
}
