package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertCompleted;
import static io.github.ycsbtiers.redis.YcsbRuns.assertRefusedWithOneLine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code redis.client=lettuce} under both engines, and Jedis on the {@code async} engine (pipelines,
 * {@code redis.batch}), against a standalone server, with data integrity checks.
 */
class LettuceIT {
  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @BeforeEach
  void empty() {
    redis.server().flushAll();
  }

  static List<String> target(String client, String engine, String... more) {
    List<String> t = new ArrayList<>(args("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(),
        "-p", "redis.client=" + client, "-p", "runner.engine=" + engine));
    t.addAll(args(more));
    return t;
  }

  @ParameterizedTest
  @CsvSource({
      "lettuce, sync, STRING_ONE_FIELD", "lettuce, sync, STRING_TEN_FIELDS", "lettuce, sync, HASH",
      "lettuce, async, STRING_ONE_FIELD", "lettuce, async, STRING_TEN_FIELDS", "lettuce, async, HASH",
      "jedis, async, STRING_ONE_FIELD", "jedis, async, STRING_TEN_FIELDS", "jedis, async, HASH"})
  void roundTripsWithDataIntegrity(String client, String engine, YcsbRuns.Shape shape) {
    YcsbRuns.roundTrip(target(client, engine), shape);
    assertEquals(String.valueOf(YcsbRuns.RECORDS), redis.server().cli("DBSIZE"));
  }

  @Test
  void batchedLoadLeavesEveryRecordReadable() {
    int records = 20_000;
    List<String> common = args("-P", "workloads/workloadc", "-p", "recordcount=" + records, "-p",
        "operationcount=" + records, "-p", "fieldcount=1", "-p", "fieldlength=100", "-p", "dataintegrity=true",
        "-p", "requestdistribution=uniform", "-threads", "128");
    YcsbProcess.Result load = YcsbRuns.ycsb("load", target("jedis", "async", "-p", "redis.batch=100"), common);
    assertCompleted(load);
    assertEquals(records, load.count("INSERT", "Return=OK"), load.out());
    assertEquals(records, load.count("INSERT", "Operations"), load.out());
    assertEquals(String.valueOf(records), redis.server().cli("DBSIZE"));

    YcsbProcess.Result run = YcsbRuns.ycsb("run", target("lettuce", "async"), common);
    assertCompleted(run);
    assertEquals(records, run.count("READ", "Return=OK"), run.out());
    assertEquals(records, run.count("VERIFY", "Return=OK"), run.out());
  }

  @Test
  void batchWithTheSyncEngineIsRefused() {
    YcsbProcess.Result r = YcsbRuns.ycsb("load", target("jedis", "sync", "-p", "redis.batch=100"),
        args("-P", "workloads/workloada", "-p", "recordcount=10"));
    assertRefusedWithOneLine(r, "invalid value '100' for property 'redis.batch': allowed 1 unless runner.engine=async");
  }

  @Test
  void unknownClientIsRefused() {
    YcsbProcess.Result r = YcsbRuns.ycsb("load", target("redisson", "sync"),
        args("-P", "workloads/workloada", "-p", "recordcount=10"));
    assertRefusedWithOneLine(r, "invalid value 'redisson' for property 'redis.client': allowed one of jedis, lettuce, netty");
  }

  @Test
  void scanIndexUnderTheAsyncEngineIsRefusedBeforeAnyWork() {
    YcsbProcess.Result r = YcsbRuns.ycsb("load", target("jedis", "async", "-p", "redis.scan=index"),
        args("-P", "workloads/workloade", "-p", "recordcount=10"));
    assertEquals(2, r.status(), r.err());
    assertRefusedWithOneLine(r, "runner.engine=async cannot run binding io.github.ycsbtiers.redis.RedisClient: "
        + "redis.scan=index keeps its index on the synchronous path only");
    assertTrue(redis.server().cli("DBSIZE").equals("0"));
  }
}
