package io.github.ycsbtiers.suite.cli;

import io.github.ycsbtiers.suite.input.UsageException;
import io.github.ycsbtiers.suite.input.TargetSpec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.scenario.Scenario;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SuiteOptionsTest {

  private static String error(String... args) {
    return assertThrows(UsageException.class, () -> SuiteOptions.fromArgs(List.of(args))).getMessage();
  }

  @Test
  void defaultsAreTheEmbeddedStoreOnPmemAndDisk() {
    SuiteOptions o = SuiteOptions.fromArgs(List.of("tier-ratio"));
    assertEquals(Scenario.TIER_RATIO, o.scenario());
    assertEquals(List.of("pmem", "disk"), o.targets().stream().map(TargetSpec::name).toList());
    assertTrue(o.targets().stream().allMatch(TargetSpec::embedded));
    assertEquals(8, o.threads());
    assertTrue(o.records().isEmpty());
    assertTrue(o.settleSeconds().isEmpty());
    assertTrue(o.flush());
  }

  @Test
  void everyOptionIsParsed() {
    SuiteOptions o = SuiteOptions.fromArgs(List.of("value-size", "--target", "r=redis,redis.host=h,redis.port=7",
        "--threads", "32", "--records", "5120000000", "--operations", "9", "--memory", "8g", "--value-sizes", "64,128",
        "--data", "1m", "--settle", "60", "--settle-limit", "5", "--out", "x", "--no-flush", "--value-size", "1024"));
    assertEquals(Scenario.VALUE_SIZE, o.scenario());
    TargetSpec t = o.targets().get(0);
    assertEquals("redis", t.binding());
    assertEquals(Map.of("redis.host", "h", "redis.port", "7"), t.properties());
    assertFalse(t.embedded());
    assertEquals(32, o.threads());
    assertEquals(5_120_000_000L, o.records().getAsLong());
    assertEquals(9, o.operations().getAsLong());
    assertEquals(8L << 30, o.memoryBytes().getAsLong());
    assertEquals(List.of(64, 128), o.valueSizes());
    assertEquals(1 << 20, o.dataBytes());
    assertEquals(60, o.settleSeconds().getAsLong());
    assertEquals(5, o.settleLimitSeconds());
    assertEquals(1024, o.valueSize());
    assertFalse(o.flush());
  }

  /** The options' numbers follow the properties' one rule (api's PropertyValues): underscores too. */
  @Test
  void numbersTakeUnderscoresAsThePropertiesDo() {
    SuiteOptions o = SuiteOptions.fromArgs(List.of("value-size", "--records", "5_120_000_000", "--operations",
        "2_000", "--value-sizes", "1_024,128"));
    assertEquals(5_120_000_000L, o.records().getAsLong());
    assertEquals(2_000, o.operations().getAsLong());
    assertEquals(List.of(1024, 128), o.valueSizes());
  }

  @Test
  void errorsNameTheOptionTheValueAndWhatIsAllowed() {
    assertEquals("scenario nope: unknown scenario; use one of tier-ratio, value-size, bitmap-commands, rta-mix, flash-hit, cluster-qps", error("nope"));
    assertEquals("missing scenario: name one of tier-ratio, value-size, bitmap-commands, rta-mix, flash-hit, cluster-qps", error("--threads", "2"));
    assertTrue(error("tier-ratio", "--target", "pmem").startsWith("--target pmem: expected NAME=BINDING"));
    assertTrue(error("tier-ratio", "--target", "=tiered").contains("the name '' must be"));
    assertTrue(error("tier-ratio", "--target", "a=").contains("missing or invalid binding"));
    assertTrue(error("tier-ratio", "--target", "a=redis,x=1,x=2").contains("property x is given twice"));
    assertTrue(error("tier-ratio", "--target", "a=tiered", "--target", "a=redis")
        .contains("the name a is used by another target"));
    assertEquals("--threads 0: a whole number from 1 to 10000", error("tier-ratio", "--threads", "0"));
    assertTrue(error("tier-ratio", "--memory", "8x").startsWith("--memory 8x: a positive byte count"));
    assertTrue(error("tier-ratio", "--value-sizes", "128,,4").startsWith("--value-sizes 128,,4: a comma-separated"));
    assertEquals("--settle -1: a whole number of seconds, 0 or more", error("tier-ratio", "--settle", "-1"));
    assertEquals("--records: missing value", error("tier-ratio", "--records"));
    assertEquals("option --recrods: unknown option; see bin/ycsb-suite --help", error("tier-ratio", "--recrods", "1"));
    assertTrue(error("tier-ratio", "value-size").contains("only one scenario"));
  }

  @Test
  void runPhasesWarmUpAutomaticallyByDefaultAndLoadsDoNot() {
    WarmupSetting w = SuiteOptions.fromArgs(List.of("tier-ratio")).warmup();
    assertTrue(w.auto());
    assertFalse(w.loads());
    assertEquals(Map.of("warmuptime", "auto", "warmuptime.max", "60"), w.properties(false));
    assertEquals(Map.of(), w.properties(true), "a Load is measured whole");
    assertEquals("warmuptime=auto, cap 60 s", w.describe());
  }

  @Test
  void warmupOptionsAreParsed() {
    WarmupSetting fixed = SuiteOptions.fromArgs(List.of("tier-ratio", "--warmup", "10")).warmup();
    assertEquals(Map.of("warmuptime", "10"), fixed.properties(false));
    assertEquals(Map.of(), fixed.properties(true));
    assertEquals("warmuptime=10", fixed.describe());
    // the one number rule of api's PropertyValues: underscores between digits
    assertEquals(Map.of("warmuptime", "120"),
        SuiteOptions.fromArgs(List.of("tier-ratio", "--warmup", "1_20")).warmup().properties(false));
    WarmupSetting off = SuiteOptions.fromArgs(List.of("tier-ratio", "--warmup", "0")).warmup();
    assertTrue(off.off());
    assertEquals(Map.of(), off.properties(false));
    WarmupSetting all = SuiteOptions.fromArgs(List.of("value-size", "--warmup-load", "--warmup", "AUTO",
        "--warmup-max", "30")).warmup();
    assertEquals(Map.of("warmuptime", "auto", "warmuptime.max", "30"), all.properties(true));
    assertEquals(Map.of("warmuptime", "auto", "warmuptime.max", "30"), all.properties(false));
    assertEquals("warmuptime=auto, cap 30 s", all.describe());
    assertEquals(Map.of("warmuptime", "5"), SuiteOptions.fromArgs(List.of("tier-ratio", "--warmup", "5",
        "--warmup-load")).warmup().properties(true));
  }

  @Test
  void malformedWarmupOptionsAreRefused() {
    String allowed = "auto, or a whole number of seconds from 0 (no warm-up) to 86400";
    assertEquals("--warmup 5s: " + allowed, error("tier-ratio", "--warmup", "5s"));
    assertEquals("--warmup -1: " + allowed, error("tier-ratio", "--warmup", "-1"));
    assertEquals("--warmup 86401: " + allowed, error("tier-ratio", "--warmup", "86401"));
    assertEquals("--warmup : " + allowed, error("tier-ratio", "--warmup", ""));
    assertEquals("--warmup: missing value", error("tier-ratio", "--warmup"));
    assertEquals("--warmup-max 0: a whole number from 1 to 86400", error("tier-ratio", "--warmup-max", "0"));
    assertEquals("--warmup-max auto: a whole number from 1 to 86400", error("tier-ratio", "--warmup-max", "auto"));
    assertEquals("--warmup-max 30: caps only --warmup auto, not --warmup 10",
        error("tier-ratio", "--warmup-max", "30", "--warmup", "10"));
    assertEquals("--warmup-load: a Load cannot warm up with --warmup 0 (no warm-up)",
        error("tier-ratio", "--warmup", "0", "--warmup-load"));
    assertEquals("--target p=tiered,warmuptime=5: the warm-up is set by the suite; use --warmup, --warmup-max or"
        + " --warmup-load instead", error("tier-ratio", "--target", "p=tiered,warmuptime=5"));
    assertTrue(error("tier-ratio", "--target", "p=tiered,warmuptime.max=5").contains("use --warmup"));
  }

  @Test
  void passwordsAreMaskedWhenATargetIsShown() {
    assertEquals("r=redis,redis.host=h,redis.password=***",
        TargetSpec.parse("r=redis,redis.host=h,redis.password=bench:s3cret").toString());
  }
}
