package io.github.ycsbtiers.redis.command;

import static io.github.ycsbtiers.redis.command.TemplateRuns.assertCompleted;
import static io.github.ycsbtiers.redis.command.TemplateRuns.assertEngine;
import static io.github.ycsbtiers.redis.command.TemplateRuns.assertRefused;
import static io.github.ycsbtiers.redis.command.TemplateRuns.calls;
import static io.github.ycsbtiers.redis.command.TemplateRuns.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * The TairRoaring workloads on a real redis-server, with INFO commandstats as the truth: SETBIT
 * keys and offsets within the __RAND__ and __RAND2__ ranges, MULTI/EXEC batches of ten, GETBIT,
 * on both engines; an error reply is counted; bad templates are refused before any connection.
 */
class BitmapTemplatesIT {
  private static final int N = 2000;
  // keys foo-100 .. foo-149, offsets 1000 .. 1999
  private static final List<String> RANGES = List.of("-p", "rand.min=100", "-p", "rand.range=50",
      "-p", "rand2.min=1000", "-p", "rand2.range=1000");

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @BeforeEach
  void empty() {
    redis.server().flushAll();
    redis.server().resetStats();
  }

  private static List<String> target(String client) {
    return List.of("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.server().port(),
        "-p", "redis.client=" + client, "-p", "runner.engine=auto", "-threads", "4");
  }

  private static String[] with(List<String> more, String... extra) {
    List<String> all = new java.util.ArrayList<>(more);
    all.addAll(List.of(extra));
    return all.toArray(new String[0]);
  }

  @ParameterizedTest
  @ValueSource(strings = {"jedis", "lettuce"})
  void setbitKeysAndOffsetsStayInTheirRanges(String client) {
    YcsbProcess.Result run = ycsb("run", "bitmap-setbit", target(client), with(RANGES, "-p", "operationcount=" + N));
    assertCompleted(run);
    assertEngine(run, client.equals("lettuce") ? "async" : "sync");
    assertEquals(N, run.count("SETBIT", "Return=OK"), run.out());
    assertEquals(N, calls(redis.server().commandCalls(), "setbit"));
    TemplateRuns.assertNoFailedCalls(redis.server().info("commandstats"));
    try (Jedis jedis = new Jedis(redis.host(), redis.server().port())) {
      Set<String> keys = new HashSet<>();
      String cursor = ScanParams.SCAN_POINTER_START;
      do {
        ScanResult<String> page = jedis.scan(cursor, new ScanParams().count(100));
        keys.addAll(page.getResult());
        cursor = page.getCursor();
      } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
      // 2,000 draws over 50 keys leave none out (the chance is below 1e-15)
      assertEquals(50, keys.size(), keys.toString());
      long bits = 0;
      for (String key : keys) {
        int number = Integer.parseInt(key.substring("foo-".length()));
        assertTrue(key.startsWith("foo-") && number >= 100 && number < 150, key);
        assertTrue(jedis.bitpos(key, true) >= 1000, key + " has a bit below offset 1000");
        assertTrue(jedis.strlen(key) <= 2000 / 8, key + " has a bit at offset 2000 or above");
        bits += jedis.bitcount(key);
      }
      // distinct (key, offset) pairs: 2,000 draws over 50,000 collide about 40 times
      assertTrue(bits <= N && bits > N * 9 / 10, "bits set: " + bits);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"jedis", "lettuce"})
  void multi10SendsTenSetbitsPerTransaction(String client) {
    int batches = 300;
    YcsbProcess.Result run = ycsb("run", "bitmap-setbit-multi10", target(client),
        with(RANGES, "-p", "operationcount=" + batches));
    assertCompleted(run);
    assertEngine(run, client.equals("lettuce") ? "async" : "sync");
    Map<String, Long> calls = redis.server().commandCalls();
    assertEquals(batches, calls(calls, "multi"), calls.toString());
    assertEquals(batches, calls(calls, "exec"), calls.toString());
    assertEquals(10L * batches, calls(calls, "setbit"), calls.toString());
    assertEquals(batches, run.count("SETBIT-MULTI10", "Return=OK"), run.out());
    assertEquals(10L * batches, run.count("COMMANDS", "Commands"), run.out());
    assertTrue(Double.parseDouble(run.metric("COMMANDS", "Throughput(commands/sec)")) > 0, run.out());
  }

  @ParameterizedTest
  @ValueSource(strings = {"jedis", "lettuce"})
  void pipelinedBatchesSendTheirCommandsWithoutTransactions(String client) {
    YcsbProcess.Result run = ycsb("run", "bitmap-setbit-multi10", target(client),
        with(RANGES, "-p", "operationcount=200", "-p", "template.setbit-multi10.batch.mode=pipeline"));
    assertCompleted(run);
    Map<String, Long> calls = redis.server().commandCalls();
    assertEquals(0L, calls(calls, "multi"), calls.toString());
    assertEquals(2000L, calls(calls, "setbit"), calls.toString());
    assertEquals(2000L, run.count("COMMANDS", "Commands"), run.out());
  }

  @Test
  void getbitReadsWhatSetbitWrote() {
    assertCompleted(ycsb("run", "bitmap-setbit", target("jedis"), with(RANGES, "-p", "operationcount=500")));
    redis.server().resetStats();
    YcsbProcess.Result run = ycsb("run", "bitmap-getbit", target("lettuce"), with(RANGES, "-p", "operationcount=" + N,
        "-p", "template.bitcount.proportion=1"));
    assertCompleted(run);
    Map<String, Long> calls = redis.server().commandCalls();
    assertEquals(N, calls(calls, "getbit") + calls(calls, "bitcount"), calls.toString());
    assertEquals(calls(calls, "getbit"), run.count("GETBIT", "Return=OK"), run.out());
    assertEquals(calls(calls, "bitcount"), run.count("CMD-BITCOUNT", "Return=OK"), run.out());
    assertEquals(N, run.count("TOTAL", "Return=OK"), run.out());
    assertTrue(calls(calls, "bitcount") > N / 4, calls.toString());
  }

  /** WRONGTYPE from the server is ERROR for that operation, counted with its cause; the run completes. */
  @ParameterizedTest
  @ValueSource(strings = {"jedis", "lettuce"})
  void errorRepliesAreCountedAndTheRunGoesOn(String client) {
    // a bitmap at every key of the range (foo-100 .. foo-149), as bitmap-setbit leaves them
    // (setbitKeysAndOffsetsStayInTheirRanges): HGETALL of each is answered WRONGTYPE
    try (Jedis jedis = new Jedis(redis.host(), redis.server().port())) {
      for (int key = 100; key < 150; key++) {
        jedis.setbit("foo-" + key, 1000, true);
      }
    }
    YcsbProcess.Result run = ycsb("run", "bitmap-setbit", target(client), with(RANGES, "-p", "operationcount=300",
        "-p", "template.setbit.command=HGETALL foo-__RAND__"));
    assertEquals(0, run.status(), run.err());
    assertEquals(300, run.count("SETBIT", "Return=ERROR"), run.out());
    assertTrue(run.err().contains("WRONGTYPE"), run.err());
    assertEquals(300, calls(redis.server().commandCalls(), "hgetall"));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "template.setbit.command=SETBIT foo-__RND__ 1",
      "template.setbit.command=",
      "template.setbit.proportion=0"})
  void badTemplatesAreRefusedBeforeAnyConnection(String setting) {
    long before = connections();
    YcsbProcess.Result run = ycsb("run", "bitmap-setbit", target("jedis"), "-p", setting);
    assertRefused(run, setting.substring(0, setting.indexOf('=')));
    // the only connection since is the one that asks
    assertEquals(before + 1, connections());
  }

  /** Jedis sends commands synchronously: runner.engine=async is refused, auto picks sync (tested above). */
  @Test
  void theAsyncEngineNeedsLettuceForCommands() {
    List<String> t = List.of("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.server().port(),
        "-p", "redis.client=jedis", "-p", "runner.engine=async");
    YcsbProcess.Result run = ycsb("run", "bitmap-setbit", t);
    assertEquals(2, run.status(), run.err());
    assertTrue(run.err().lines().anyMatch(l -> l.startsWith("error: runner.engine=async") && l.contains("lettuce")),
        run.err());
    assertEquals(0, calls(redis.server().commandCalls(), "setbit"));
  }

  private static long connections() {
    String stats = redis.server().info("stats");
    return stats.lines().filter(l -> l.startsWith("total_connections_received:"))
        .mapToLong(l -> Long.parseLong(l.substring(l.indexOf(':') + 1).trim())).findFirst().orElseThrow();
  }
}
