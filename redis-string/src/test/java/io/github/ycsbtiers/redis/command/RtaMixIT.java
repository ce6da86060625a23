package io.github.ycsbtiers.redis.command;

import static io.github.ycsbtiers.redis.command.TemplateRuns.assertCompleted;
import static io.github.ycsbtiers.redis.command.TemplateRuns.assertEngine;
import static io.github.ycsbtiers.redis.command.TemplateRuns.calls;
import static io.github.ycsbtiers.redis.command.TemplateRuns.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * workloads/rta-mix as published: the Load writes exactly each keyspace's keys (SCAN per prefix,
 * TYPE and key length); the run's HGETALL : GET calls are 2 : 8 over 100,000 operations (INFO
 * commandstats); half of each keyspace's reads land in its hot tenth, counted by the server itself:
 * with the LFU policy at log factor 0 and no decay, OBJECT FREQ grows by one per access.
 */
class RtaMixIT {
  private static final long OPS = 100_000;

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone()
      .withConfig("maxmemory-policy", "allkeys-lfu").withConfig("lfu-log-factor", "0")
      .withConfig("lfu-decay-time", "0");

  private record Keyspace(String prefix, long keys, int keyLength, String type) {
  }

  private static final List<Keyspace> KEYSPACES = List.of(
      new Keyspace("rta:hash:", 20_000, 34, "hash"),
      new Keyspace("rta:small:", 70_000, 68, "string"),
      new Keyspace("rta:large:", 10_000, 19, "string"));

  @Test
  void loadsEveryKeyspaceThenReadsTwoToEightWithHalfOnTheHotRange() {
    List<String> target = List.of("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.server().port());
    YcsbProcess.Result load = ycsb("load", "rta-mix", target, "-threads", "8");
    assertCompleted(load);
    assertEquals(100_000, load.count("INSERT", "Return=OK"), load.out());
    Map<String, Long> loaded = redis.server().commandCalls();
    assertEquals(20_000L, calls(loaded, "hset"), loaded.toString());
    assertEquals(80_000L, calls(loaded, "set"), loaded.toString());

    Map<String, Map<String, Long>> before = new HashMap<>();
    try (Jedis jedis = new Jedis(redis.host(), redis.server().port())) {
      for (Keyspace k : KEYSPACES) {
        before.put(k.prefix(), frequencies(jedis, k));
      }
    }
    redis.server().resetStats();

    List<String> async = new ArrayList<>(target);
    async.addAll(List.of("-p", "redis.client=lettuce", "-p", "runner.engine=auto", "-threads", "16"));
    YcsbProcess.Result run = ycsb("run", "rta-mix", async);
    assertCompleted(run);
    assertEngine(run, "async");
    Map<String, Long> calls = redis.server().commandCalls();
    long hgetall = calls(calls, "hgetall");
    long get = calls(calls, "get");
    assertEquals(OPS, hgetall + get, calls.toString());
    double share = hgetall / (double) OPS;
    assertTrue(Math.abs(share - 0.2) <= 0.2 * 0.02, "HGETALL share " + share + " of " + calls);
    assertEquals(hgetall, run.count("KEYSPACE-hash", "Return=OK"), run.out());
    assertEquals(OPS, run.count("TOTAL", "Return=OK"), run.out());
    for (String section : List.of("KEYSPACE-hash", "KEYSPACE-small", "KEYSPACE-large", "CMD-GET", "CMD-HGETALL",
        "TOTAL")) {
      assertNotNull(run.metric(section, "99thPercentileLatency(us)"), section + "\n" + run.out());
      assertNotNull(run.metric(section, "99.99PercentileLatency(us)"), section + "\n" + run.out());
    }

    try (Jedis jedis = new Jedis(redis.host(), redis.server().port())) {
      for (Keyspace k : KEYSPACES) {
        Map<String, Long> after = frequencies(jedis, k);
        long hot = 0;
        long all = 0;
        long hotKeys = k.keys() / 10;
        for (Map.Entry<String, Long> e : after.entrySet()) {
          long reads = e.getValue() - before.get(k.prefix()).get(e.getKey());
          all += reads;
          if (Long.parseLong(e.getKey().substring(k.prefix().length())) < hotKeys) {
            hot += reads;
          }
        }
        String section = "KEYSPACE-" + k.prefix().split(":")[1];
        assertEquals(run.count(section, "Return=OK"), all, k.prefix());
        double hotShare = hot / (double) all;
        assertTrue(Math.abs(hotShare - 0.5) < 0.05, k.prefix() + " hot share " + hotShare);
      }
    }
  }

  /**
   * Every key of the keyspace, found with SCAN MATCH prefix*, checked for count, type and length;
   * returns key to OBJECT FREQ.
   */
  private static Map<String, Long> frequencies(Jedis jedis, Keyspace k) {
    List<String> keys = new ArrayList<>();
    String cursor = ScanParams.SCAN_POINTER_START;
    do {
      ScanResult<String> page = jedis.scan(cursor, new ScanParams().match(k.prefix() + "*").count(1000));
      keys.addAll(page.getResult());
      cursor = page.getCursor();
    } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    assertEquals(k.keys(), keys.size(), k.prefix());
    Map<String, Response<String>> types = new HashMap<>();
    Map<String, Response<Long>> freqs = new HashMap<>();
    Pipeline p = jedis.pipelined();
    for (String key : keys) {
      types.put(key, p.type(key));
      freqs.put(key, p.objectFreq(key));
    }
    p.sync();
    Map<String, Long> result = new HashMap<>();
    for (String key : keys) {
      assertEquals(k.type(), types.get(key).get(), key);
      assertEquals(k.keyLength(), key.length(), key);
      long n = Long.parseLong(key.substring(k.prefix().length()));
      assertTrue(n >= 0 && n < k.keys(), key);
      result.put(key, freqs.get(key).get());
    }
    return result;
  }
}
