package io.github.ycsbtiers.suite.scenario;

import io.github.ycsbtiers.suite.input.TargetSpec;
import io.github.ycsbtiers.suite.input.UsageException;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/** The scenarios {@code bin/ycsb-suite} runs; see docs/scenarios.md. */
public enum Scenario {
  TIER_RATIO("tier-ratio", "memory:data",
      "Load, Uniform-Read, Zipfian-Read and Uniform 50/50 at memory:data 7:1 and 1:4 (Tair capacity-storage paper)"),
  VALUE_SIZE("value-size", "value size",
      "Load, workload C and workload A, zipfian, for each value size at a fixed data size (Tair persistent-memory paper)"),
  BITMAP_COMMANDS("bitmap-commands", "test",
      "SETBIT, GETBIT and MULTI/EXEC batches of 10 SETBIT from command templates (TairRoaring paper; plain Redis "
          + "bitmaps stand in for TR.*)"),
  RTA_MIX("rta-mix", "key counts",
      "three keyspaces in one run: hashes of 10 fields, 32-byte and 500-2000-byte strings, 2:7:1, HGETALL/GET with "
          + "a hot range, p99 and p99.99 per keyspace (GeminiDB ad-serving benchmark)"),
  FLASH_HIT("flash-hit", "hit target",
      "1 KiB values, RAM 20% of the data, Gaussian keys for each RAM hit target, set:get 1:1, 4:1 and 1:4, each"
          + " searched for the highest rate under a latency bound (Redis on Flash benchmark)"),
  CLUSTER_QPS("cluster-qps", "set:get",
      "SET:GET 1:1 of 32-byte values, 200 in flight on the async engine, time-bounded, per Redis Cluster target;"
          + " total QPS, p99 and per-node QPS from INFO commandstats (Alibaba paper's cluster section)");

  /**
   * Bytes of a key as the estimate counts it: "user" plus about 19 digits of the hashed key number
   * (the tiered store's README gives 22.9 on average).
   */
  public static final int KEY_BYTES = 23;
  /** Client threads of a phase when --threads is not given, except in cluster-qps. */
  public static final int DEFAULT_THREADS = 8;
  /** recordcount of the embedded store when neither --records nor (for value-size) --data says. */
  public static final long DEFAULT_EMBEDDED_RECORDS = 500_000;

  private final String id;
  private final String groupLabel;
  private final String description;

  Scenario(String id, String groupLabel, String description) {
    this.id = id;
    this.groupLabel = groupLabel;
    this.description = description;
  }

  public String id() {
    return id;
  }

  /** What a group of this scenario varies, the heading of the tables' first column. */
  public String groupLabel() {
    return groupLabel;
  }

  public String description() {
    return description;
  }

  /** The client threads (operations in flight) of a phase when --threads is not given. */
  public int defaultThreads() {
    return this == CLUSTER_QPS ? 200 : DEFAULT_THREADS;
  }

  /** The latency bound a scenario searches under when --slo is not given; null: no search. */
  public String defaultSlo() {
    return this == FLASH_HIT ? "p99<1ms" : null;
  }

  public static String names() {
    return Arrays.stream(values()).map(Scenario::id).collect(Collectors.joining(", "));
  }

  public static Scenario fromName(String name) {
    for (Scenario s : values()) {
      if (s.id.equals(name)) {
        return s;
      }
    }
    throw UsageException.badValue("scenario", name, "unknown scenario; use one of " + names());
  }

  /**
   * The phases to run against {@code target}, in order (those {@code --only} chooses). {@code maxmemory} is a remote target's
   * INFO maxmemory (0 when unlimited or unknown), used for sizing when --memory is not given.
   */
  public List<PhaseSpec> plan(PlanInputs options, TargetSpec target, long maxmemory) {
    for (String fixed : List.of("recordcount", "operationcount", "fieldlength", "fieldcount", "requestdistribution")) {
      if (target.properties().containsKey(fixed)) {
        throw UsageException.badValue("--target", target.toString(), fixed + " is set by the scenario; use --records,"
            + " --operations or --value-size(s) instead");
      }
    }
    if (this == BITMAP_COMMANDS || this == RTA_MIX) {
      CommandScenarios.refuseEmbedded(this, target);
    }
    return options.only().apply(switch (this) {
      case TIER_RATIO -> TierRatio.plan(options, target, memory(options, target, maxmemory));
      case VALUE_SIZE -> ValueSize.plan(options, target);
      case BITMAP_COMMANDS -> CommandScenarios.bitmap(options);
      case RTA_MIX -> CommandScenarios.rtaMix(options);
      case FLASH_HIT -> FlashHit.plan(options, target, memory(options, target, maxmemory));
      case CLUSTER_QPS -> ClusterQps.plan(options, target);
    });
  }

  private static OptionalLong memory(PlanInputs options, TargetSpec target, long maxmemory) {
    if (target.embedded() || options.records().isPresent()) {
      return OptionalLong.empty();
    }
    if (options.memoryBytes().isPresent()) {
      return options.memoryBytes();
    }
    if (maxmemory > 0) {
      return OptionalLong.of(maxmemory);
    }
    throw UsageException.badValue("--target", target.toString(), "cannot size the data: the server's maxmemory is 0"
        + " (unlimited); give --memory (the instance's memory, e.g. 8g) or --records");
  }
}
