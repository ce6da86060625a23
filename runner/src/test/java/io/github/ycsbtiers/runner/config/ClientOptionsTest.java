package io.github.ycsbtiers.runner.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.PropertyException;
import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClientOptionsTest {

  private static ClientOptions parse(Map<String, String> env, String... kv) {
    Properties p = new Properties();
    for (String s : kv) {
      p.setProperty(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1));
    }
    return ClientOptions.fromProperties(p, env);
  }

  /** Every index's part, in order: contiguous, no gap, no overlap, sizes differ by at most one. */
  private static void assertExactCover(long start, long total, int count) {
    long next = start;
    long covered = 0;
    for (int i = 0; i < count; i++) {
      ClientOptions.Range r = new ClientOptions(count, i, 0).share(start, total);
      assertEquals(next, r.start(), "part " + i + " of " + count + " starts where part " + (i - 1) + " ended");
      assertTrue(r.count() == total / count || r.count() == total / count + 1, "part " + i + " size " + r.count());
      next = r.end();
      covered += r.count();
    }
    assertEquals(start + total, next);
    assertEquals(total, covered);
  }

  @Test
  void splitsCoverTheRangeExactly() {
    assertExactCover(0, 300_000, 3);
    assertExactCover(0, 10, 3);
    assertExactCover(7, 7, 7);
    assertExactCover(0, 1_000_003, 10);
  }

  @Test
  void splitsAbove2To32Exactly() {
    assertExactCover(5_119_970_000L, 30_000, 3);
    assertExactCover(5_119_990_000L, 10_000, 3);
    ClientOptions.Range last = new ClientOptions(3, 2, 0).share(5_119_970_000L, 30_000);
    assertEquals(5_119_990_000L, last.start());
    assertEquals(5_120_000_000L, last.end());
    // the whole 63-bit range, where start + offset must not overflow
    assertExactCover(1, Long.MAX_VALUE - 1, 7);
    assertExactCover(Long.MAX_VALUE - 1_000_001, 1_000_001, 1000);
  }

  @Test
  void unevenPartsGoToTheFirstIndices() {
    assertEquals(new ClientOptions.Range(100, 4), new ClientOptions(3, 0, 0).share(100, 10));
    assertEquals(new ClientOptions.Range(104, 3), new ClientOptions(3, 1, 0).share(100, 10));
    assertEquals(new ClientOptions.Range(107, 3), new ClientOptions(3, 2, 0).share(100, 10));
  }

  @Test
  void indexComesFromThePropertyThenTheIndexedJobVariable() {
    assertEquals(1, parse(Map.of(), "client.count=3", "client.index=1").index());
    assertEquals(2, parse(Map.of("JOB_COMPLETION_INDEX", "2"), "client.count=3").index());
    assertEquals(0, parse(Map.of("JOB_COMPLETION_INDEX", "2"), "client.count=3", "client.index=0").index());
    assertEquals(0, parse(Map.of()).index());
    assertEquals(1, parse(Map.of()).count());
  }

  @Test
  void badPairsAreOneLineErrors() {
    assertBad("invalid value '3' for property 'client.index': allowed a whole number from 0 to client.count - 1 (2)",
        Map.of(), "client.count=3", "client.index=3");
    assertBad("invalid value '-1' for property 'client.index'", Map.of(), "client.count=3", "client.index=-1");
    assertBad("invalid value 'one' for property 'client.index'", Map.of(), "client.count=3", "client.index=one");
    assertBad("invalid value '0' for property 'client.count'", Map.of(), "client.count=0");
    assertBad("invalid value 'x' for property 'client.count'", Map.of(), "client.count=x", "client.index=0");
    assertBad("invalid value '5' for environment variable JOB_COMPLETION_INDEX", Map.of("JOB_COMPLETION_INDEX", "5"),
        "client.count=3");
  }

  private static void assertBad(String messageStart, Map<String, String> env, String... kv) {
    PropertyException e = assertThrows(PropertyException.class, () -> parse(env, kv));
    assertTrue(e.getMessage().startsWith(messageStart), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
  }

  @Test
  void loadPropertiesAreReplacedByTheClientsPart() {
    Properties p = new Properties();
    p.setProperty("recordcount", "5120000000");
    p.setProperty("insertstart", "5119970000");
    p.setProperty("insertcount", "30000");
    p.setProperty("dotransactions", "false");
    ClientOptions.Range whole = new ClientOptions(3, 1, 0).applyToLoad(p);
    assertEquals(new ClientOptions.Range(5_119_970_000L, 30_000), whole);
    assertEquals("5119980000", p.getProperty("insertstart"));
    assertEquals("10000", p.getProperty("insertcount"));
    assertEquals("5120000000", p.getProperty("recordcount"), "recordcount stays the whole key space");
    assertEquals("client 2 of 3 (client.index=1): loads key numbers 5119980000 to 5119989999 of 5119970000 to "
        + "5119999999", new ClientOptions(3, 1, 0).describeLoad(whole));
  }

  @Test
  void theRunPhaseKeepsTheWholeKeySpace() {
    Properties p = new Properties();
    p.setProperty("recordcount", "300000");
    p.setProperty("dotransactions", "true");
    assertEquals(null, new ClientOptions(3, 2, 0).applyToLoad(p));
    assertEquals(null, p.getProperty("insertstart"));
    assertEquals(null, p.getProperty("insertcount"));
  }

  @Test
  void fewerRecordsThanClientsIsRefused() {
    Properties p = new Properties();
    p.setProperty("recordcount", "2");
    p.setProperty("dotransactions", "false");
    PropertyException e = assertThrows(PropertyException.class, () -> new ClientOptions(3, 0, 0).applyToLoad(p));
    assertTrue(e.getMessage().contains("'insertcount'"), e.getMessage());
  }

  @Test
  void seedsAreDistinctPerIndexAndReproducible() {
    Set<Long> seeds = new HashSet<>();
    for (int i = 0; i < 1000; i++) {
      assertTrue(seeds.add(new ClientOptions(1000, i, 42).seed()), "index " + i);
    }
    assertEquals(new ClientOptions(3, 1, 42).seed(), new ClientOptions(3, 1, 42).seed());
    assertNotEquals(new ClientOptions(3, 1, 42).seed(), new ClientOptions(3, 1, 43).seed());
  }

  @Test
  void aGivenSeedIsKeptAndAnAbsentOneIsDrawnAndSaid() {
    ClientOptions given = parse(Map.of(), "client.seed=-7");
    assertEquals(-7, given.baseSeed());
    assertTrue(given.seedGiven());
    assertEquals(null, given.describeDrawnSeed());
    ClientOptions drawn = parse(Map.of(), "client.count=3", "client.index=2");
    ClientOptions again = parse(Map.of(), "client.count=3", "client.index=2");
    assertFalse(drawn.seedGiven());
    assertNotEquals(drawn.baseSeed(), again.baseSeed());
    assertEquals("client.seed not set: drew " + drawn.baseSeed() + " (-p client.seed=" + drawn.baseSeed()
        + " -p client.index=2 repeats this client's key and operation sequences)", drawn.describeDrawnSeed());
    // the drawn seed, given back, derives the same client seed
    assertEquals(drawn.seed(), parse(Map.of(), "client.count=3", "client.index=2",
        "client.seed=" + drawn.baseSeed()).seed());
    assertThrows(PropertyException.class, () -> parse(Map.of(), "client.seed=x"));
  }
}
