package io.github.ycsbtiers.redis.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.ResultSection;
import io.github.ycsbtiers.api.ResultSections;
import io.lettuce.core.RedisCommandExecutionException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;

class ClusterOutagesTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
  /** Slots 0-99 on master a, 100-199 on b. */
  private static final int A = 5;
  private static final int A2 = 50;
  private static final int B = 150;

  private final AtomicLong now = new AtomicLong(1_000 * MS);
  private final SlotMap map = new SlotMap();
  private final ClusterOutages o = new ClusterOutages(map, 10, 500, now::get);

  @BeforeEach
  void clear() {
    ResultSections.clear();
  }

  @Test
  void repliesOfAnotherMasterDoNotEndAMastersOutage() {
    assertEquals(10 * MS, o.failed(A, new JedisConnectionException("timed out")));
    now.addAndGet(300 * MS);
    o.reached(B);
    o.reached(B);
    assertTrue(o.down());
    // still the same outage: the pause follows its 300 ms
    assertEquals(300 * MS, o.failed(A2, new JedisConnectionException("timed out")));
    now.addAndGet(1_000 * MS);
    o.reached(A2);
    assertFalse(o.down());
    assertEquals(1, o.count());
    Map<String, Object> s = report();
    assertEquals(1L, s.get("Outages"));
    assertEquals(2L, s.get("FailedOperations"));
    assertEquals("a:7000", s.get("Outage1.Server"));
    assertFalse(s.get("Outage1.End").toString().startsWith("none"), s.toString());
  }

  @Test
  void eachMasterHasItsOwnOutageAndPause() {
    o.failed(A, new JedisConnectionException("timed out"));
    now.addAndGet(100 * MS);
    assertEquals(10 * MS, o.failed(B, new RedisCommandExecutionException("CLUSTERDOWN The cluster is down")));
    assertEquals(100 * MS, o.failed(A, new JedisConnectionException("timed out")));
    o.reached(B);
    assertTrue(o.down());
    o.reached(A);
    assertFalse(o.down());
    assertEquals(2, o.count());
  }

  @Test
  void errorRepliesAreNoOutage() {
    assertEquals(0, o.failed(A, new JedisDataException("WRONGTYPE")));
    assertFalse(o.down());
    assertEquals(0, o.count());
    o.reached(A);
    report();
    assertTrue(ResultSections.published().isEmpty());
  }

  @Test
  void theNewMasterOfAFailedSlotEndsTheOutage() {
    o.failed(A, new JedisConnectionException("refused"));
    now.addAndGet(2_000 * MS);
    // failover: master a's slots go to c, which answers
    Arrays.fill(map.bySlot, 0, 100, "c:7003");
    o.reached(A2);
    assertFalse(o.down());
    Map<String, Object> s = report();
    assertEquals("a:7000", s.get("Outage1.Server"));
    assertFalse(s.get("Outage1.End").toString().startsWith("none"), s.toString());
  }

  @Test
  void aSlotWithoutAKnownMasterIsUnknownsOutage() {
    map.bySlot[A] = null;
    o.failed(A, new JedisConnectionException("refused"));
    o.reached(B);
    assertTrue(o.down());
    map.bySlot[A] = "b:7001";
    o.reached(B);
    assertFalse(o.down());
    assertEquals(ClusterOutages.UNKNOWN, report().get("Outage1.Server"));
  }

  @Test
  void theReportListsEveryMastersOutagesInTheOrderTheyStarted() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    o.failed(B, new JedisConnectionException("refused"));
    now.addAndGet(5 * MS);
    o.failed(A, new JedisConnectionException("refused"));
    o.failed(A, new JedisConnectionException("refused"));
    o.reached(A);
    now.addAndGet(600 * MS);
    o.failed(A, new JedisConnectionException("refused"));
    o.report(new PrintStream(err, true, StandardCharsets.UTF_8));
    ResultSection section = ResultSections.published().get(0);
    assertEquals(Outages.SECTION, section.name());
    Map<String, Object> s = section.values();
    assertEquals(3L, s.get("Outages"));
    assertEquals(4L, s.get("FailedOperations"));
    assertEquals("b:7001", s.get("Outage1.Server"));
    assertEquals("a:7000", s.get("Outage2.Server"));
    assertEquals(2L, s.get("Outage2.FailedOperations"));
    assertEquals("a:7000", s.get("Outage3.Server"));
    assertTrue(s.get("Outage3.End").toString().startsWith("none (still failing"), s.toString());
    // the standalone lines, in their order, each outage's Server line first
    assertEquals(List.of("Outages", "FailedOperations", "Outage1.Server", "Outage1.Start", "Outage1.End",
        "Outage1.Duration(ms)", "Outage1.FailedOperations"), s.keySet().stream().limit(7).toList());
    String line = err.toString(StandardCharsets.UTF_8);
    assertTrue(line.startsWith("redis-string: 3 outage(s), 4 operation(s) failed in them; the first from "), line);
    assertTrue(line.strip().endsWith(" ms, on b:7001"), line);
  }

  private Map<String, Object> report() {
    o.report(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    return ResultSections.published().isEmpty() ? Map.of() : ResultSections.published().get(0).values();
  }

  /** A slot map of two masters: slots 0-99 on a, 100-199 on b. */
  private static final class SlotMap implements ClusterOutages.Masters {
    final String[] bySlot = new String[200];

    SlotMap() {
      Arrays.fill(bySlot, 0, 100, "a:7000");
      Arrays.fill(bySlot, 100, 200, "b:7001");
    }

    @Override
    public Object masterOf(int slot) {
      return bySlot[slot];
    }

    @Override
    public String name(Object master) {
      return (String) master;
    }
  }
}
