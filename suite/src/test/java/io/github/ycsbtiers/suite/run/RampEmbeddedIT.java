package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short connection ramp on the embedded store (flash-hit, one hit target and one set:get ratio on
 * pmem, a bound no run misses so that its search is the one unthrottled run): steps of 1 and 2
 * logical clients (--ramp-max 2), each a phase of its own with its -threads, then the phase measured
 * with the count the ramp chose. Checks each step against its raw report, that the ramp chose the
 * fewest clients within 5% of the best step and that the measured phase ran with the chosen count.
 */
class RampEmbeddedIT {
  @TempDir
  Path dir;

  @Test
  void aRampOfTwoStepsChoosesTheCountThePhaseRunsWith() throws Exception {
    Path out = dir.resolve("results");
    SuiteCli.Outcome r = SuiteCli.run("flash-hit", "--target", "pmem=tiered,tiered.medium=pmem", "--records", "1500",
        "--hit-targets", "85", "--set-get", "1:1", "--warmup", "1", "--operations", "20000", "--connections", "auto",
        "--ramp-max", "2", "--ramp-seconds", "1", "--slo", "op:p99<3600s", "--slo-precision", "50",
        "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    String md = Files.readString(out.resolve("summary.md"));
    assertTrue(md.contains("## Connection ramps\n"), md);
    List<String> csv = Files.readAllLines(out.resolve("ramp.csv"));
    assertEquals(3, csv.size(), "1 and 2 clients: one weak step never stops the ramp; " + String.join("\n", csv));
    String chosen = null;
    double best = -1;
    double chosenThroughput = -1;
    double[] throughputs = new double[csv.size() - 1];
    for (int i = 1; i < csv.size(); i++) {
      String[] f = csv.get(i).split(",", -1);
      assertEquals(Integer.toString(1 << (i - 1)), f[3], csv.get(i));
      Map<String, String> m = SuiteCli.metrics(out.resolve(f[10]));
      assertEquals(f[3], m.get("[CLIENT] LogicalClients"), csv.get(i));
      assertEquals(Double.parseDouble(m.get("[OVERALL] Throughput(ops/sec)")), Double.parseDouble(f[4]), 0.01);
      throughputs[i - 1] = Double.parseDouble(f[4]);
      best = Math.max(best, throughputs[i - 1]);
      if (f[9].equals("chosen")) {
        chosen = f[3];
        chosenThroughput = Double.parseDouble(f[4]);
      }
    }
    assertTrue(chosen != null, String.join("\n", csv));
    // the rule: the fewest clients whose throughput is within 5% of the best step's
    int fewest = -1;
    for (int i = 0; i < throughputs.length && fewest < 0; i++) {
      if (throughputs[i] >= 0.95 * best) {
        fewest = 1 << i;
      }
    }
    assertEquals(Integer.toString(fewest), chosen, "the fewest clients within 5% of the best; " + String.join("\n", csv));
    assertTrue(chosenThroughput >= 0.95 * best, String.join("\n", csv));
    // the phase itself (here its search's one unthrottled run) used the chosen count
    List<SearchJson.Search> searches = SearchJson.read(out);
    assertEquals(1, searches.size());
    String report = searches.get(0).steps().get(0).get("report");
    assertEquals(chosen, SuiteCli.metrics(out.resolve(report)).get("[CLIENT] LogicalClients"), report);
    assertTrue(Files.size(out.resolve("charts/ramp-85-hit-set-get-1-1.png")) > 500);
  }
}
