package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertCompleted;
import static io.github.ycsbtiers.redis.YcsbRuns.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.redis.internal.ScanIndex;
import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every command group through bin/ycsb against one plain redis-server, and the opt-in scan index. */
class StandaloneIT {
  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @BeforeEach
  void empty() {
    redis.server().flushAll();
    redis.server().resetStats();
  }

  private static List<String> target() {
    return args("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port());
  }

  /** Also counts the commands: exactly those of the group's data model, nothing else per operation. */
  @ParameterizedTest
  @EnumSource(YcsbRuns.Shape.class)
  void roundTripsWithDataIntegrity(YcsbRuns.Shape shape) {
    YcsbProcess.Result run = YcsbRuns.roundTrip(target(), shape);
    long reads = run.count("READ", "Return=OK");
    long updates = run.count("UPDATE", "Return=OK");
    Map<String, Long> calls = redis.server().commandCalls();
    assertEquals(String.valueOf(YcsbRuns.RECORDS), redis.server().cli("DBSIZE"));
    assertFalse(calls.containsKey("zadd") || calls.containsKey("hmset"), calls.toString());
    switch (shape) {
      case STRING_ONE_FIELD:
        assertEquals(YcsbRuns.RECORDS + updates, calls.get("set"), calls.toString());
        assertEquals(reads, calls.get("get"), calls.toString());
        break;
      case STRING_TEN_FIELDS:
        // workload A updates one field: GET, merge, SET
        assertEquals(YcsbRuns.RECORDS + updates, calls.get("set"), calls.toString());
        assertEquals(reads + updates, calls.get("get"), calls.toString());
        break;
      default:
        assertEquals(YcsbRuns.RECORDS + updates, calls.get("hset"), calls.toString());
        // data integrity names every field: HMGET rather than HGETALL
        assertEquals(reads, calls.get("hmget"), calls.toString());
        assertFalse(calls.containsKey("set") || calls.containsKey("get"), calls.toString());
    }
  }

  @Test
  void scanIsNotImplementedWithoutTheIndex() {
    YcsbProcess.Result run = ycsb("run", target(), args("-P", "workloads/workloade", "-p", "recordcount=100",
        "-p", "operationcount=200", "-p", "scanproportion=1", "-p", "insertproportion=0"));
    assertEquals(0, run.status(), run.err());
    assertEquals(200, run.count("SCAN", "Return=NOT_IMPLEMENTED"), run.out());
    assertTrue(redis.server().commandCalls().keySet().stream().noneMatch(c -> c.startsWith("z")));
  }

  @Test
  void scanIndexServesWorkloadE() {
    List<String> e = args("-P", "workloads/workloade", "-p", "recordcount=500", "-p", "operationcount=500",
        "-p", "redis.scan=index", "-p", "fieldcount=1", "-threads", "4");
    assertCompleted(ycsb("load", target(), e));
    YcsbProcess.Result run = ycsb("run", target(), e);
    assertCompleted(run);
    long scans = run.count("SCAN", "Return=OK");
    long inserts = run.count("INSERT", "Return=OK");
    assertEquals(500, scans + inserts, run.out());
    Map<String, Long> calls = redis.server().commandCalls();
    assertEquals(500 + inserts, calls.get("zadd"), calls.toString());
    assertEquals(scans, calls.get("zrangebylex"), calls.toString());
    assertEquals(String.valueOf(500 + inserts), redis.server().cli("ZCARD", ScanIndex.NAME));
  }
}
