package io.github.ycsbtiers.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Latencies a binding times itself under names of its own ({@code api/LatencySections}, the tiered
 * store's READ-DRAM and READ-PERSISTENT): normal latency sections of the report that cover the
 * measured operations only (not the warm-up's), and that a merge keeps as sections without counting
 * them as operations.
 */
class BindingLatenciesTest {
  private static final String BINDING = TestBindings.RecordingLatencies.class.getName();

  @TempDir
  Path dir;

  private RunnerEndToEndTest.Outcome run(String... extra) {
    List<String> args = new ArrayList<>(List.of("-t", "-db", BINDING, "-P", Path.of("..", "workloads",
        "uniform-read").toString(), "-p", "recordcount=1000"));
    args.addAll(List.of(extra));
    RunnerEndToEndTest.Outcome o = RunnerEndToEndTest.run(args.toArray(new String[0]));
    assertEquals(0, o.status, o.err);
    return o;
  }

  private static long count(RunnerEndToEndTest.Outcome o, String section) {
    String v = o.metric(section, "Operations");
    return v == null ? 0 : Long.parseLong(v);
  }

  @Test
  void theSectionsSplitTheMeasuredReadsAndLeaveTheWarmupOut() {
    RunnerEndToEndTest.Outcome o = run("-p", "operationcount=0", "-p", "maxexecutiontime=2", "-p", "warmuptime=1",
        "-threads", "2");
    long reads = count(o, "READ");
    assertTrue(reads > 0, o.out);
    assertTrue(o.out.contains("[WARMUP]"), o.out);
    long even = count(o, "READ-EVEN");
    long odd = count(o, "READ-ODD");
    assertTrue(even > 0 && odd > 0, o.out);
    assertEquals(reads, even + odd, o.out);
    assertEquals("7", o.metric("READ-EVEN", "50thPercentileLatency(us)"), o.out);
    assertTrue(o.out.contains("[READ-ODD], 99.9PercentileLatency(us), 7"), o.out);
  }

  @Test
  void aMergeKeepsThemAsSectionsButCountsEveryOperationOnce() throws Exception {
    List<Path> dirs = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      Path out = Files.createDirectories(dir.resolve("c" + i));
      RunnerEndToEndTest.Outcome o = run("-p", "operationcount=500", "-p", "client.count=2", "-p",
          "client.index=" + i, "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + out + "/");
      assertEquals(500, count(o, "READ"), o.out);
      assertTrue(Files.readString(out.resolve("client.properties")).contains("binding.sections=READ-EVEN,READ-ODD"));
      dirs.add(out);
    }
    List<String> args = new ArrayList<>(List.of("merge"));
    dirs.forEach(d -> args.add(d.toString()));
    RunnerEndToEndTest.Outcome merged = RunnerEndToEndTest.run(args.toArray(new String[0]));
    assertEquals(0, merged.status, merged.err);
    assertEquals(1000, count(merged, "READ"), merged.out);
    assertEquals(1000, count(merged, "READ-EVEN") + count(merged, "READ-ODD"), merged.out);
    double throughput = Double.parseDouble(merged.metric("OVERALL", "Throughput(ops/sec)"));
    double runtime = Double.parseDouble(merged.metric("OVERALL", "RunTime(ms)"));
    assertEquals(1000.0, throughput * runtime / 1000.0, 1.0, merged.out);
  }
}
