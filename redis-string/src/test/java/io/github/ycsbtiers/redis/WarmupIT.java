package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertCompleted;
import static io.github.ycsbtiers.redis.YcsbRuns.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code warmuptime} against a real redis-server, on the sync engine (Jedis) and the async engine
 * (Lettuce): a Load's warm-up writes each record exactly once, as the server's own command count
 * shows, and after a warm-up a throttled run's intended latency is the server's, not a backlog of
 * the client's start.
 */
class WarmupIT {
  private static final int RECORDS = 100_000;

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @BeforeEach
  void empty() {
    redis.server().flushAll();
    redis.server().resetStats();
  }

  private static List<String> common(String engine, String... more) {
    List<String> a = new ArrayList<>(args("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(),
        "-p", "redis.command_group=string", "-p", "fieldcount=1", "-p", "fieldlength=100", "-threads", "8"));
    if (engine.equals("async")) {
      a.addAll(args("-p", "runner.engine=async", "-p", "redis.client=lettuce"));
    } else {
      a.addAll(args("-p", "runner.engine=sync", "-p", "redis.client=jedis"));
    }
    a.addAll(List.of(more));
    return a;
  }

  @ParameterizedTest
  @ValueSource(strings = {"sync", "async"})
  void aLoadWithAWarmUpSetsEveryRecordOnce(String engine) {
    YcsbProcess.Result load = ycsb("load", List.of(), common(engine, "-P", "workloads/load",
        "-p", "recordcount=" + RECORDS, "-p", "warmuptime=5", "-p", "dataintegrity=true"));
    assertCompleted(load);
    long warm = load.count("WARMUP", "Operations");
    assertTrue(warm > 0, load.out());
    assertEquals(RECORDS, warm + load.count("INSERT", "Return=OK"), load.out());
    assertEquals(RECORDS, redis.server().commandCalls().get("set"), "SET calls seen by the server");
    assertEquals(String.valueOf(RECORDS), redis.server().cli("DBSIZE"));

    // every record reads back whole: each key number once, in order, with data integrity checks
    YcsbProcess.Result read = ycsb("run", List.of(), common(engine, "-P", "workloads/uniform-read",
        "-p", "recordcount=" + RECORDS, "-p", "operationcount=" + RECORDS, "-p", "requestdistribution=sequential",
        "-p", "dataintegrity=true"));
    assertCompleted(read);
    assertEquals(RECORDS, read.count("READ", "Return=OK"), read.out());
    assertEquals(RECORDS, read.count("VERIFY", "Return=OK"), read.out());
  }

  @ParameterizedTest
  @ValueSource(strings = {"sync", "async"})
  void afterAWarmUpIntendedLatencyIsTheServers(String engine) {
    assertCompleted(ycsb("load", List.of(), common(engine, "-P", "workloads/load", "-p", "recordcount=10000")));
    List<String> read = args("-P", "workloads/uniform-read", "-p", "recordcount=10000", "-p", "operationcount=0",
        "-p", "warmuptime=3", "-p", "maxexecutiontime=4");
    YcsbProcess.Result saturated = ycsb("run", List.of(), common(engine, read.toArray(new String[0])));
    assertCompleted(saturated);
    long target = Math.max(1000, saturated.count("OVERALL", "Throughput(ops/sec)") / 4);

    List<String> throttled = new ArrayList<>(read);
    throttled.addAll(args("-target", String.valueOf(target), "-p", "measurement.interval=both"));
    YcsbProcess.Result r = ycsb("run", List.of(), common(engine, throttled.toArray(new String[0])));
    assertCompleted(r);
    long ops = r.count("READ", "Return=OK");
    assertTrue(ops > target * 3, "a quarter of saturation is " + target + "/s; measured " + ops + " in 4 s");
    long p99 = r.count("READ", "99thPercentileLatency(us)");
    long intendedP99 = r.count("Intended-READ", "99thPercentileLatency(us)");
    assertTrue(intendedP99 <= 2 * p99 + 200, "at " + target + " ops/s: Intended-READ p99 " + intendedP99
        + " us, READ p99 " + p99 + " us\n" + r.out());
  }
}
