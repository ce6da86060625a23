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

  private static Map<Boolean, Boolean> kept(WriteLedger ledger, long hash) {
    Map<Boolean, Boolean> out = new HashMap<>();
    ledger.forEach((k, ack) -> out.put(true, ack.kept(hash)));
    return out;
  }
}
