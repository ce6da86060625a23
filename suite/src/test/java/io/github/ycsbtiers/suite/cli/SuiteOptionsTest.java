package io.github.ycsbtiers.suite.cli;

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

  @Test
  void errorsNameTheOptionTheValueAndWhatIsAllowed() {
    assertEquals("scenario nope: unknown scenario; use one of tier-ratio, value-size", error("nope"));
    assertEquals("missing scenario: name one of tier-ratio, value-size", error("--threads", "2"));
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
  void passwordsAreMaskedWhenATargetIsShown() {
    assertEquals("r=redis,redis.host=h,redis.password=***",
        TargetSpec.parse("r=redis,redis.host=h,redis.password=bench:s3cret").toString());
  }
}
