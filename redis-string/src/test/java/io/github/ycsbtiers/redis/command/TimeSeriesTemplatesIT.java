package io.github.ycsbtiers.redis.command;

import static io.github.ycsbtiers.redis.command.TemplateRuns.assertCompleted;
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
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.resps.StreamEntry;

/**
 * The plain-Redis stand-in of the time-series workloads: workloads/timeseries-ingest appends N
 * samples (XADD) to the keyspace's series, chosen uniformly, each sample two metrics drawn from
 * {@code __RAND__} and {@code __RAND2__}; workloads/timeseries-query's range queries (XREVRANGE,
 * XRANGE) answer from them. (The samples' time order is the server's doing: XADD *.)
 */
class TimeSeriesTemplatesIT {
  private static final int SERIES = 20;
  private static final int SAMPLES = 3000;

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @Test
  void ingestsOverEverySeriesWithRandomMetricsAndRangeQueriesReturnTheSamples() {
    List<String> target = List.of("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.server().port(),
        "-p", "keyspace.default.keys=" + SERIES);
    YcsbProcess.Result ingest = ycsb("run", "timeseries-ingest", target, "-p", "operationcount=" + SAMPLES,
        "-threads", "4");
    assertCompleted(ingest);
    assertEquals(SAMPLES, ingest.count("ADD", "Return=OK"), ingest.out());
    assertEquals(SAMPLES, calls(redis.server().commandCalls(), "xadd"));

    long samples = 0;
    Set<String> users = new HashSet<>();
    Set<String> systems = new HashSet<>();
    long equal = 0;
    try (Jedis jedis = new Jedis(redis.host(), redis.server().port())) {
      assertEquals(SERIES, jedis.dbSize(), "only the keyspace's series: " + jedis.keys("*"));
      for (int s = 0; s < SERIES; s++) {
        String series = "ts:cpu:" + s;
        List<StreamEntry> entries = jedis.xrange(series, (StreamEntryID) null, (StreamEntryID) null);
        // a uniform key choice: 150 samples a series (standard deviation 12); hotspot (80 % on 4 series) gives 600
        int mean = SAMPLES / SERIES;
        assertTrue(entries.size() >= mean / 2 && entries.size() <= 2 * mean, series + ": " + entries.size());
        for (StreamEntry e : entries) {
          assertEquals(Set.of("usage_user", "usage_system"), e.getFields().keySet(), e.toString());
          users.add(e.getFields().get("usage_user"));
          systems.add(e.getFields().get("usage_system"));
          equal += e.getFields().get("usage_user").equals(e.getFields().get("usage_system")) ? 1 : 0;
        }
        samples += entries.size();
      }
    }
    assertEquals(SAMPLES, samples);
    // __RAND__ and __RAND2__ drawn afresh for each sample, from 0 to rand.range - 1: 3,000 draws leave
    // none of the 100 values out (odds 1e-11); two draws of their own, equal in 1 % of the samples
    Set<String> range = IntStream.range(0, 100).mapToObj(Integer::toString).collect(Collectors.toSet());
    assertEquals(range, users);
    assertEquals(range, systems);
    assertTrue(equal < SAMPLES / 10, equal + " samples with usage_user = usage_system");

    redis.server().resetStats();
    YcsbProcess.Result query = ycsb("run", "timeseries-query", target, "-p", "operationcount=500",
        "-p", "redis.client=lettuce", "-p", "runner.engine=auto", "-threads", "4");
    assertCompleted(query);
    Map<String, Long> calls = redis.server().commandCalls();
    assertEquals(500L, calls(calls, "xrevrange") + calls(calls, "xrange"), calls.toString());
    // every series exists, so no query comes back empty (nil): all are OK
    assertEquals(500, query.count("TOTAL", "Return=OK"), query.out());
  }
}
