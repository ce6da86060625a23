package io.github.ycsbtiers.redis.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.ResultSection;
import io.github.ycsbtiers.api.ResultSections;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisConnectionException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;

class OutagesTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  @BeforeEach
  void clear() {
    ResultSections.clear();
  }

  @Test
  void errorRepliesAreNoOutage() {
    Outages o = new Outages(10, 500);
    assertEquals(0, o.failed(new JedisDataException("WRONGTYPE")));
    assertEquals(0, o.failed(new RedisCommandExecutionException("OOM")));
    assertEquals(0, o.count());
    assertTrue(o.failed(new JedisDataException("CLUSTERDOWN The cluster is down")) > 0);
    assertTrue(o.failed(new RedisCommandExecutionException("LOADING Redis is loading the dataset")) > 0);
  }

  @Test
  void pauseGrowsWithTheOutageFromMinToMax() {
    AtomicLong now = new AtomicLong(1_000 * MS);
    Outages o = new Outages(10, 60, now::get);
    assertEquals(10 * MS, o.failed(new JedisConnectionException("refused")));
    now.addAndGet(30 * MS);
    assertEquals(30 * MS, o.failed(new RedisConnectionException("down")));
    now.addAndGet(60 * MS);
    assertEquals(60 * MS, o.failed(new JedisConnectionException("refused")));
    assertEquals(1, o.count());
    assertEquals(3, o.failedOperations());
  }

  @Test
  void aReplyEndsTheOutageAndALaterFailureStartsAnother() {
    AtomicLong now = new AtomicLong(1_000 * MS);
    Outages o = new Outages(1, 5, now::get);
    o.failed(new JedisConnectionException("refused"));
    now.addAndGet(2 * MS);
    o.reached();
    now.addAndGet(4 * MS);
    // within max of the end: the same outage, 6 ms old (its pause capped at max), not a new one (min)
    assertEquals(5 * MS, o.failed(new JedisConnectionException("refused")));
    assertEquals(1, o.count());
    o.reached();
    now.addAndGet(5 * MS);
    assertEquals(1 * MS, o.failed(new JedisConnectionException("refused")));
    o.failed(new JedisConnectionException("refused"));
    assertEquals(2, o.count());
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    o.report(new PrintStream(err, true, StandardCharsets.UTF_8));
    ResultSection s = ResultSections.published().get(0);
    assertEquals(Outages.SECTION, s.name());
    assertEquals(2L, s.values().get("Outages"));
    assertEquals(4L, s.values().get("FailedOperations"));
    assertEquals(2L, s.values().get("Outage1.FailedOperations"));
    assertTrue(s.values().get("Outage2.End").toString().startsWith("none (still failing"), s.toString());
    // the lines and their order, as they have been since the section was added (no Server line)
    assertEquals(List.of("Outages", "FailedOperations", "Outage1.Start", "Outage1.End", "Outage1.Duration(ms)",
        "Outage1.FailedOperations", "Outage2.Start", "Outage2.End", "Outage2.Duration(ms)",
        "Outage2.FailedOperations"), List.copyOf(s.values().keySet()));
    assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("redis-string: 2 outage(s), 4 operation(s)"),
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void noOutageNoSection() {
    Outages o = new Outages(10, 500);
    o.reached();
    o.report(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    assertTrue(ResultSections.published().isEmpty());
  }

  @Test
  void pauseBlocksForTheTime() {
    long start = System.nanoTime();
    Outages.pause(20 * MS);
    assertTrue(System.nanoTime() - start >= 20 * MS);
  }
}
