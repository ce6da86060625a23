package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * flash-hit on the embedded store, small: the DRAM tier (20% of the data) measures the Gaussian's
 * hit target, and the summary has one search row per hit target and set:get ratio; pmem with every
 * configuration, disk with one hit target.
 *
 * <p>How close to the target: an ideal cache that kept the middle 20% of the keys would measure
 * the target itself; the DRAM tier stays a little under it, as the hot band of the 50% Gaussian is
 * flat (its edge key is requested 80% as often as the middle one) and hard to rank by frequency.
 * Over 50,000 operations a phase at 1,500 keys, with no warm-up, the steps measured 0.46-0.48 at
 * 50% and 0.82-0.84 at 85% with 5-bit counts carried from phase to phase (tiered-store's
 * {@code DramPolicySimulation} gives 0.457-0.481 and 0.823-0.836 on the same shape), against
 * 0.43-0.44 and 0.79-0.82 with the 4-bit counts that every phase started over. So each step must
 * lie within 0.07 of the target and no more than 0.03 above it, and the mean of a target's set:get
 * mixes within 0.05 under it: a Gaussian of the wrong deviation, a policy that cannot rank the band,
 * or a step that starts over from key order instead of the saved DRAM keys, falls out of that. The
 * phases are bounded by their operation count, not by time, so
 * that the hit ratio does not depend on how fast the machine is, and the bound is one no run can
 * miss (an hour), so that every search is its unthrottled step; the search
 * itself is checked against a real redis-server in {@link SearchRedisIT}.
 */
class FlashHitEmbeddedIT {
  @TempDir
  Path dir;

  @Test
  void dramHitRatioFollowsTheTargetAndEveryConfigurationHasARow() throws Exception {
    Path out = dir.resolve("results");
    SuiteCli.Outcome r = SuiteCli.run("flash-hit", "--target", "pmem=tiered,tiered.medium=pmem", "--records", "1500",
        "--threads", "2", "--warmup", "0", "--operations", "50000", "--slo", "op:p99<3600s", "--slo-precision", "50",
        "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    String md = Files.readString(out.resolve("summary.md"));
    List<List<String>> rows = SuiteCli.table(md, "Latency-bound search (op p99 < 3600000000 us)");
    List<String> configurations = new ArrayList<>();
    for (List<String> row : rows) {
      if (row.size() == 10) {
        configurations.add(row.get(1) + " " + row.get(2));
        assertNotEquals("none", row.get(3), row.toString());
        assertEquals("1", row.get(8), "no run misses an hour: the unthrottled step is the answer " + row);
      }
    }
    assertEquals(List.of("50% hit set:get 1:1", "50% hit set:get 4:1", "50% hit set:get 1:4", "85% hit set:get 1:1",
        "85% hit set:get 4:1", "85% hit set:get 1:4"), configurations, md);

    List<SearchJson.Search> searches = SearchJson.read(out);
    assertEquals(6, searches.size());
    Map<Double, List<Double>> byTarget = new TreeMap<>();
    StringBuilder measured = new StringBuilder();
    for (SearchJson.Search s : searches) {
      double target = s.get("group").startsWith("85") ? 0.85 : 0.50;
      assertEquals("1", s.get("chosenStep"), s.toString());
      Map<String, String> chosen = s.step(1);
      Map<String, String> raw = SuiteCli.metrics(out.resolve(chosen.get("report")));
      assertEquals(50_000, SuiteCli.operations(raw, "READ") + SuiteCli.operations(raw, "UPDATE"), raw.toString());
      double hit = Double.parseDouble(raw.get("[TIER] DramHitRatio"));
      assertEquals(hit, Double.parseDouble(chosen.get("hitRatio")), 1e-9, chosen.toString());
      byTarget.computeIfAbsent(target, t -> new ArrayList<>()).add(hit);
      measured.append(String.format(Locale.ROOT, "%s %s: %.3f; ", s.get("group"), s.get("phase"), hit));
      // the DRAM tier holds 20% of the data: tiered.ratio=1:5 in every phase
      assertTrue(Files.readString(out.resolve(chosen.get("report").replace(".txt", ".log")))
          .contains("tiered.ratio=1:5"), chosen.get("report"));
    }
    assertTrue(Files.exists(out.resolve("charts/search-pmem-85-hit-set-get-1-4.png")));
    System.out.println("FlashHitEmbeddedIT DRAM hit ratios: " + measured);
    // each phase starts with the keys DRAM held when the previous one closed (tiered.warmup=saved),
    // so a step does not start over from key order; the bounds are the class comment's
    for (Map.Entry<Double, List<Double>> e : byTarget.entrySet()) {
      double target = e.getKey();
      for (double hit : e.getValue()) {
        assertTrue(hit >= target - 0.07 && hit <= target + 0.03, "DRAM hit ratios " + measured);
      }
      double mean = e.getValue().stream().mapToDouble(Double::doubleValue).average().orElseThrow();
      assertTrue(mean >= target - 0.05, "mean at " + target + " " + mean + "; DRAM hit ratios " + measured);
    }
  }

  @Test
  void onDiskTheDramHitRatioFollowsTheTargetToo() throws Exception {
    Path out = dir.resolve("disk-results");
    SuiteCli.Outcome r = SuiteCli.run("flash-hit", "--target",
        "disk=tiered,tiered.medium=disk,tiered.path=" + dir.resolve("disk-store"), "--records", "1500",
        "--hit-targets", "85", "--set-get", "1:1,1:4", "--threads", "2", "--warmup", "0", "--operations", "50000",
        "--slo", "op:p99<3600s", "--slo-precision", "50", "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    List<SearchJson.Search> searches = SearchJson.read(out);
    assertEquals(2, searches.size());
    for (SearchJson.Search s : searches) {
      assertEquals("1", s.get("chosenStep"), s.toString());
      Map<String, String> raw = SuiteCli.metrics(out.resolve(s.step(1).get("report")));
      assertEquals("disk", raw.get("[TIER] Medium"));
      double hit = Double.parseDouble(raw.get("[TIER] DramHitRatio"));
      assertEquals(0.85, hit, 0.07, s.get("phase") + ": DRAM hit ratio " + hit);
    }
  }
}
