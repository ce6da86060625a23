package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** value-size on the embedded store: one row per value size, values of that size. */
class ValueSizeIT {
  @TempDir
  Path dir;

  @Test
  void tableHasOneRowPerValueSize() throws Exception {
    Path out = dir.resolve("results");
    SuiteCli.Outcome r = SuiteCli.run("value-size", "--target", "pmem=tiered,tiered.medium=pmem", "--data", "256k",
        "--threads", "2", "--warmup", "0", "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    String md = Files.readString(out.resolve("summary.md"));
    List<List<String>> rows = SuiteCli.table(md, "pmem");
    assertEquals(List.of("128 B", "256 B", "1024 B", "2048 B", "4096 B"), rows.stream().map(row -> row.get(0)).toList(),
        md);
    assertEquals(List.of("value size", "load QPS", "load p99 (us)", "workloadc-zipfian QPS",
        "workloadc-zipfian p99 (us)", "workloadc-zipfian hit", "workloada-zipfian QPS", "workloada-zipfian p99 (us)",
        "workloada-zipfian hit"), SuiteCli.header(md, "pmem"));
    for (List<String> row : rows) {
      int size = Integer.parseInt(row.get(0).replace(" B", ""));
      Map<String, String> load = SuiteCli.metrics(SuiteCli.raw(out, "pmem", row.get(0), "load"));
      long records = 256 * 1024 / (23 + size);
      assertEquals(Long.toString(records), load.get("[INSERT] Operations"), row.toString());
      assertEquals(Long.toString(records), load.get("[TIER] PersistentWrites"), row.toString());
      long estimate = Long.parseLong(load.get("[TIER] EstimatedDataBytes"));
      assertEquals(size, (double) estimate / records - 23, 1.0, "values of " + size + " bytes: " + row);
      assertEquals(Math.round(Double.parseDouble(load.get("[OVERALL] Throughput(ops/sec)"))), Long.parseLong(row.get(1)));
      Map<String, String> c = SuiteCli.metrics(SuiteCli.raw(out, "pmem", row.get(0), "workloadc-zipfian"));
      assertEquals(c.get("[READ] 99thPercentileLatency(us)"), row.get(4), row.toString());
    }
  }
}
