package io.github.ycsbtiers.redis.command;

import static io.github.ycsbtiers.redis.command.TemplateRuns.assertCompleted;
import static io.github.ycsbtiers.redis.command.TemplateRuns.calls;
import static io.github.ycsbtiers.redis.command.TemplateRuns.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.resps.StreamEntry;

/**
 * The plain-Redis stand-in of the time-series workloads: workloads/timeseries-ingest appends N
 * samples (XADD), every series holds its samples in time order, and workloads/timeseries-query's
 * range queries (XREVRANGE, XRANGE) answer from them.
 */
class TimeSeriesTemplatesIT {
  private static final int SERIES = 20;
  private static final int SAMPLES = 3000;

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @Test
  void ingestsInOrderAndRangeQueriesReturnTheSamples() {
    List<String> target = List.of("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.server().port(),
        "-p", "keyspace.default.keys=" + SERIES);
    YcsbProcess.Result ingest = ycsb("run", "timeseries-ingest", target, "-p", "operationcount=" + SAMPLES,
        "-threads", "4");
    assertCompleted(ingest);
    assertEquals(SAMPLES, ingest.count("ADD", "Return=OK"), ingest.out());
    assertEquals(SAMPLES, calls(redis.server().commandCalls(), "xadd"));

    long samples = 0;
    try (Jedis jedis = new Jedis(redis.host(), redis.server().port())) {
      for (int s = 0; s < SERIES; s++) {
        String series = "ts:cpu:" + s;
        List<StreamEntry> entries = jedis.xrange(series, (StreamEntryID) null, (StreamEntryID) null);
        assertEquals(jedis.xlen(series), entries.size(), series);
        assertTrue(entries.size() > 0, series);
        for (int i = 1; i < entries.size(); i++) {
          assertTrue(entries.get(i).getID().compareTo(entries.get(i - 1).getID()) > 0, series + " out of order");
        }
        for (StreamEntry e : entries) {
          int user = Integer.parseInt(e.getFields().get("usage_user"));
          assertTrue(user >= 0 && user < 100, e.toString());
        }
        samples += entries.size();
      }
    }
    assertEquals(SAMPLES, samples);

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
