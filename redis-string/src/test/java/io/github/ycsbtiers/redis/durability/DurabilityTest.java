package io.github.ycsbtiers.redis.durability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DurabilityTest {
  private static final byte[] KEY = "user1".getBytes(StandardCharsets.UTF_8);

  @Test
  void aVersionedValueCarriesItsVersionBeforeThePayload() {
    byte[] value = "abc".getBytes(StandardCharsets.UTF_8);
    byte[] stored = ValueVersions.stamp(value, 42);
    assertEquals(ValueVersions.HEADER + 3, stored.length);
    assertEquals(42, ValueVersions.version(stored));
    assertArrayEquals(value, ValueVersions.payload(stored));
    assertEquals(-1, ValueVersions.version(value), "a value without a header has no version");
    assertArrayEquals(value, ValueVersions.payload(value));
  }

  @Test
  void aReadIsStaleWhenOlderThanTheVersionAcknowledgedOrMissing() {
    ValueVersions versions = new ValueVersions();
    long v1 = versions.next();
    long v2 = versions.next();
    assertTrue(v2 > v1 && v1 > System.currentTimeMillis() * 1_000_000L - 1_000_000_000_000L);
    assertEquals(-1, versions.expected(KEY));
    assertFalse(ValueVersions.stale(null, versions.expected(KEY)), "nothing acknowledged yet");
    versions.acknowledged(KEY, v2);
    versions.acknowledged(KEY, v1); // acknowledged later, but older: the highest stays
    assertEquals(v2, versions.expected(KEY));
    assertTrue(ValueVersions.stale(ValueVersions.stamp(new byte[1], v1), v2));
    assertFalse(ValueVersions.stale(ValueVersions.stamp(new byte[1], v2), v2));
    assertTrue(ValueVersions.stale(null, v2), "a missing value after an acknowledged write");
  }

  @Test
  void theLedgerKeepsTheLastAcknowledgedValueOrBothOfOverlappingWrites() {
    WriteLedger ledger = new WriteLedger();
    long a = WriteLedger.hash("a".getBytes(StandardCharsets.UTF_8));
    long b = WriteLedger.hash("b".getBytes(StandardCharsets.UTF_8));
    long c = WriteLedger.hash("c".getBytes(StandardCharsets.UTF_8));
    long before = System.nanoTime();
    ledger.acknowledged(KEY, a, before);
    ledger.acknowledged(KEY, b, System.nanoTime());
    assertEquals(Map.of(true, false), kept(ledger, a), "a later write replaced a");
    assertEquals(Map.of(true, true), kept(ledger, b));
    ledger.acknowledged(KEY, c, before); // began before b was acknowledged: either may be last
    assertEquals(Map.of(true, true), kept(ledger, b));
    assertEquals(Map.of(true, true), kept(ledger, c));
    ledger.unknown(KEY);
    assertEquals(0, ledger.keys());
  }

  /**
   * A write that failed after the last acknowledged one (no reply, or WAIT short of replicas) may
   * have been done: its value is kept too, until a write that began after the failure is
   * acknowledged. Without this, every write to a promoted replica that has no replica of its own
   * (WAIT 1 fails, the SET was done) counted as a lost write (bench/sentinel-failover.sh: 8 of 774).
   */
  @Test
  void aValueOfAFailedWriteIsNoLostWrite() {
    WriteLedger ledger = new WriteLedger();
    long a = WriteLedger.hash("a".getBytes(StandardCharsets.UTF_8));
    long b = WriteLedger.hash("b".getBytes(StandardCharsets.UTF_8));
    long c = WriteLedger.hash("c".getBytes(StandardCharsets.UTF_8));
    ledger.failed(KEY, a);
    assertEquals(0, ledger.keys(), "a key with no acknowledged write is not checked");
    ledger.acknowledged(KEY, a, System.nanoTime());
    ledger.failed(KEY, b);
    assertEquals(Map.of(true, true), kept(ledger, a));
    assertEquals(Map.of(true, true), kept(ledger, b), "b failed, but may have been done");
    assertEquals(Map.of(true, false), kept(ledger, c));
    ledger.acknowledged(KEY, c, System.nanoTime());
    assertEquals(Map.of(true, false), kept(ledger, b), "c began after b failed: b cannot be last");
    for (int i = 0; i <= WriteLedger.MOST_FAILED; i++) {
      ledger.failed(KEY, i + 10);
    }
    assertEquals(0, ledger.keys(), "more failed values than kept: the key is no longer checked");
  }

  private static Map<Boolean, Boolean> kept(WriteLedger ledger, long hash) {
    Map<Boolean, Boolean> out = new HashMap<>();
    ledger.forEach((k, ack) -> out.put(true, ack.kept(hash)));
    return out;
  }
}
