package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertCompleted;
import static io.github.ycsbtiers.redis.YcsbRuns.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code warmuptime} against a real redis-server, on the sync engine (Jedis), the async engine
 * with Lettuce, and the default (the async engine with Jedis pipelines): a Load's warm-up writes each record exactly once, as the server's own command count
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
    switch (engine) {
      case "sync" -> a.addAll(args("-p", "runner.engine=sync"));
      case "lettuce" -> a.addAll(args("-p", "runner.engine=async", "-p", "redis.client=lettuce"));
      default -> {
        // the published scripts' configuration: runner.engine=auto, Jedis pipelined on the async engine
      }
    }
    a.addAll(List.of(more));
    return a;
  }

  @ParameterizedTest
  @ValueSource(strings = {"sync", "lettuce", "default"})
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

  /**
   * A Load whose warm-up ends by its timer, not by its cap of half the records: throttled to 4,000
   * inserts/s, a 1 s warm-up inserts about 4,000 of the 10,000 records, and the records it did not
   * reach are the measured part's. The server's SET count and DBSIZE say every record was written
   * exactly once, on every engine.
   */
  @ParameterizedTest
  @ValueSource(strings = {"sync", "lettuce", "default"})
  void aLoadWhoseWarmUpEndsByItsTimerSetsEveryRecordOnce(String engine) {
    int records = 10_000;
    YcsbProcess.Result load = ycsb("load", List.of(), common(engine, "-P", "workloads/load",
        "-p", "recordcount=" + records, "-p", "warmuptime=1", "-target", "4000"));
    assertCompleted(load);
    assertTrue(load.err().contains("warmuptime=1 s elapsed"), "the warm-up did not end by its timer:\n" + load.err());
    long warm = load.count("WARMUP", "Operations");
    assertTrue(warm > 0 && warm < records / 2, "warm-up inserts: " + warm + "\n" + load.out());
    assertEquals(records, warm + load.count("INSERT", "Return=OK"), load.out());
    assertEquals(records, redis.server().commandCalls().get("set"), "SET calls seen by the server");
    assertEquals(String.valueOf(records), redis.server().cli("DBSIZE"));
  }

  /**
   * The bound, Intended-READ p99 at most 2 x READ p99 + 200 us at a quarter of saturation
   * (the sync engine's, for both engines),
   * plus what no client on this machine can avoid: how late the machine wakes a thread whose timer
   * is due, measured beside the run by {@link TimerLateness} (on a 2-core VM whose virtual CPUs
   * stall for milliseconds a few times a second, its p99 ranges from about 0.1 to over 2 ms). A
   * schedule started before the clients could issue misses it by seconds (checked by mutation:
   * 4,061,183 us). Lettuce on the async engine is not held to it: its hand-off to the I/O thread
   * adds a tail of its own under -target (docs/performance.md).
   */
  @ParameterizedTest
  @ValueSource(strings = {"sync", "default"})
  void afterAWarmUpIntendedLatencyIsTheServers(String engine) throws InterruptedException {
    assertCompleted(ycsb("load", List.of(), common(engine, "-P", "workloads/load", "-p", "recordcount=10000")));
    List<String> read = args("-P", "workloads/uniform-read", "-p", "recordcount=10000", "-p", "operationcount=0",
        "-p", "warmuptime=auto", "-p", "maxexecutiontime=5");
    // Saturation one command per connection at a time (the sync engine): the default engine's own
    // saturation comes from pipelining, and a quarter of it is over half of what the server does
    // unpipelined, where every VM stall leaves a backlog that drains slowly.
    YcsbProcess.Result saturated = ycsb("run", List.of(), common("sync", read.toArray(new String[0])));
    assertCompleted(saturated);
    long target = Math.max(1000, saturated.count("OVERALL", "Throughput(ops/sec)") / 4);

    List<String> throttled = new ArrayList<>(read);
    throttled.addAll(args("-target", String.valueOf(target), "-p", "measurement.interval=both"));
    // One run can meet a stall of the virtual machine that a second does not; a client that adds a
    // tail of its own (a schedule started early, a measured warm-up) misses the bound every time.
    StringBuilder attempts = new StringBuilder();
    for (int attempt = 1; attempt <= 3; attempt++) {
      YcsbProcess.Result r;
      TimerLateness machine = TimerLateness.start();
      try {
        r = ycsb("run", List.of(), common(engine, throttled.toArray(new String[0])));
      } finally {
        machine.close();
      }
      assertCompleted(r);
      long ops = r.count("READ", "Return=OK");
      assertTrue(ops > target * 4, "a quarter of saturation is " + target + "/s; measured " + ops + " in 5 s");
      long p99 = r.count("READ", "99thPercentileLatency(us)");
      long intendedP99 = r.count("Intended-READ", "99thPercentileLatency(us)");
      long machineP99 = machine.p99Micros();
      if (intendedP99 <= 2 * p99 + 200 + machineP99) {
        return;
      }
      attempts.append("attempt ").append(attempt).append(" at ").append(target).append(" ops/s: Intended-READ p99 ")
          .append(intendedP99).append(" us, READ p99 ").append(p99).append(" us, the machine's own wake-up lateness p99 ")
          .append(machineP99).append(" us\n");
    }
    fail("Intended-READ p99 above 2 x READ p99 + 200 us + the machine's lateness in every attempt:\n" + attempts);
  }
}
