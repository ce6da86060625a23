package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.cli.SuiteOptions;
import io.github.ycsbtiers.suite.input.TargetSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The order of a multi-round run's phases: with --rounds the targets take turns round by round
 * after their Loads (round r of two targets is a pair), each store lives until its target's last
 * phase of the group; --reload and a single round keep their orders.
 */
class RoundOrderTest {
  @TempDir
  Path dir;

  private List<String> order(String... args) {
    List<TargetRuntime> targets = new ArrayList<>();
    List<SuiteRunner.Step> steps = Suite.prepare(SuiteOptions.fromArgs(List.of(args)), dir, targets);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      SuiteRunner.Step s = steps.get(i);
      if (s.phase().group().equals("7:1")) {
        out.add(s.target().spec().name() + " " + s.phase().phase() + (s.round() > 0 ? " r" + s.round() : "")
            + (SuiteRunner.storeDone(steps, i) ? " (store done)" : ""));
      }
    }
    return out;
  }

  @Test
  void roundsTakeTurnsAfterTheLoads() {
    List<String> o = order("tier-ratio", "--rounds", "2");
    assertEquals(List.of("pmem load", "disk load",
        "pmem uniform-read r1", "pmem zipfian-read r1", "pmem uniform-update5050 r1",
        "disk uniform-read r1", "disk zipfian-read r1", "disk uniform-update5050 r1",
        "pmem uniform-read r2", "pmem zipfian-read r2", "pmem uniform-update5050 r2 (store done)",
        "disk uniform-read r2", "disk zipfian-read r2", "disk uniform-update5050 r2 (store done)"), o);
  }

  @Test
  void reloadAndOneRoundKeepTheirOrders() {
    List<String> reload = order("tier-ratio", "--rounds", "2", "--reload");
    assertEquals("pmem load r1", reload.get(0));
    assertEquals("pmem uniform-update5050 r1 (store done)", reload.get(3), "the next round loads a fresh store");
    assertEquals("disk load r1", reload.get(4));
    assertEquals("pmem load r2", reload.get(8));
    List<String> one = order("tier-ratio");
    assertEquals(List.of("pmem load", "pmem uniform-read", "pmem zipfian-read", "pmem uniform-update5050 (store done)",
        "disk load", "disk uniform-read", "disk zipfian-read", "disk uniform-update5050 (store done)"), one);
  }

  @Test
  void targetsOnOneServerDoNotTakeTurns() {
    // not connected to: sharedServer looks at the targets' endpoints only
    TargetSpec a = TargetSpec.parse("a=redis,redis.host=10.0.0.5,redis.port=6379");
    TargetSpec b = TargetSpec.parse("b=redis,redis.host=10.0.0.5:6379,redis.client=jedis");
    TargetSpec c = TargetSpec.parse("c=redis,redis.host=10.0.0.6,redis.port=6379");
    assertTrue(Suite.sharedServer(List.of(TargetRuntime.unconnected(a, dir), TargetRuntime.unconnected(b, dir))));
    assertFalse(Suite.sharedServer(List.of(TargetRuntime.unconnected(a, dir), TargetRuntime.unconnected(c, dir))));
    assertFalse(Suite.sharedServer(List.of(TargetRuntime.unconnected(TargetSpec.parse("p=tiered"), dir),
        TargetRuntime.unconnected(TargetSpec.parse("q=tiered"), dir))));
  }

  @Test
  void theNoteSaysWhatTheCellsAreAndHowTheRoundsRan() {
    String three = Suite.roundsNote(3, false, false, 2);
    assertTrue(three.contains("--rounds 3; loads once, then the targets take turns round by round"), three);
    assertTrue(three.contains("geometric mean over the rounds with its 95% interval, mean (low\u2013high)"), three);
    assertTrue(three.contains("assumes the rounds independent and their logarithms roughly normal"), three);
    assertTrue(three.contains("marked ~ where the interval holds 1"), three);
    String two = Suite.roundsNote(2, true, false, 2);
    assertTrue(two.contains("--reload: each round loads a fresh store first"), two);
    assertTrue(two.contains("two rounds give no interval (--rounds 3 or more does)"), two);
    assertTrue(two.contains("two runs of 2 rounds give a cell disjoint ranges one time in 3"), two);
    String shared = Suite.roundsNote(5, false, true, 2);
    assertTrue(shared.contains("the targets share a server, so each target's Load and rounds run before the next"),
        shared);
  }
}
