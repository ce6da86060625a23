package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.cli.SuiteOptions;
import io.github.ycsbtiers.suite.search.Slo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --slo and the options of flash-hit and cluster-qps: malformed values stop the suite with one line and status 2. */
class SearchOptionsTest {
  @TempDir
  Path dir;

  @Test
  void malformedOptionsNameTheOptionAndExitTwoBeforeAnyWork() {
    String[][] cases = {
        {"--slo", "p99<1"}, {"--slo", "p99>1ms"}, {"--slo", "q99<1ms"}, {"--slo-precision", "0"},
        {"--slo-precision", "60%"}, {"--hit-targets", "85,100"}, {"--set-get", "1-1"}, {"--duration", "0"},
        {"--rounds", "2"}, {"--rounds", "0"}, {"--min-seconds", "0"}};
    for (String[] c : cases) {
      Path out = dir.resolve("out-" + c[0].substring(2));
      SuiteCli.Outcome r = SuiteCli.run("flash-hit", c[0], c[1], "--out", out.toString());
      assertEquals(2, r.status(), String.join(" ", c) + ": " + r.err());
      String first = r.err().split("\n")[0];
      assertTrue(first.startsWith("error: " + c[0] + " " + c[1] + ": "), first);
      assertEquals(2, r.err().split("\n").length, "one error line and the usage hint: " + r.err());
      assertTrue(!Files.exists(out), "nothing written for " + String.join(" ", c));
    }
    SuiteCli.Outcome r = SuiteCli.run("tier-ratio", "--slo-precision", "10", "--out", dir.resolve("x").toString());
    assertEquals(2, r.status(), r.err());
    assertTrue(r.err().startsWith("error: --slo-precision 10"), r.err());
    SuiteCli.Outcome reload = SuiteCli.run("tier-ratio", "--reload", "--out", dir.resolve("y").toString());
    assertEquals(2, reload.status(), reload.err());
    assertTrue(reload.err().startsWith("error: --reload: reloads each round of --rounds R, which is 1"), reload.err());
    assertTrue(!Files.exists(dir.resolve("y")));
  }

  @Test
  void flashHitSearchesUnderOneMillisecondUnlessToldOtherwise() {
    SuiteOptions flash = SuiteOptions.fromArgs(List.of("flash-hit"));
    assertEquals(Slo.parse("p99<1ms"), flash.slo());
    assertEquals(0.05, flash.sloPrecision(), 1e-12);
    assertEquals(List.of(0.5, 0.85), flash.hitTargets());
    SuiteOptions tier = SuiteOptions.fromArgs(List.of("tier-ratio"));
    assertEquals(null, tier.slo());
    SuiteOptions op = SuiteOptions.fromArgs(List.of("tier-ratio", "--slo", "op:p99.9<2ms", "--slo-precision", "2.5%"));
    assertEquals(Slo.Kind.OP, op.slo().kind());
    assertEquals(0.025, op.sloPrecision(), 1e-12);
  }
}
