package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A server killed and restarted in the middle of a run: some operations fail, the run goes on and completes. */
class ServerRestartIT {
  private static final int RECORDS = 15_000;

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @Test
  void operationsFailDuringTheRestartAndSucceedAfterIt() throws Exception {
    RedisServer server = redis.server();
    // throttled to about 5 s, so that the restart, half a second in, falls well inside the Load; the rate
    // only needs inserts to be due throughout, and a throttled Load's CPU is mostly its inserts
    CompletableFuture<YcsbProcess.Result> load = CompletableFuture.supplyAsync(() -> YcsbRuns.ycsb("load",
        args("-p", "redis.host=" + server.host(), "-p", "redis.port=" + server.port()),
        args("-P", "workloads/workloada", "-p", "recordcount=" + RECORDS, "-p", "fieldcount=1", "-p",
            "fieldlength=100", "-target", "3000", "-threads", "4")));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (dbsize(server) < 1500 && System.nanoTime() < deadline && !load.isDone()) {
      Thread.sleep(50);
    }
    server.restart();
    YcsbProcess.Result r = load.get(2, TimeUnit.MINUTES);

    assertEquals(0, r.status(), r.err());
    long ok = r.count("INSERT", "Return=OK");
    long errors = r.count("INSERT", "Return=ERROR");
    assertEquals(RECORDS, ok + errors, r.out());
    assertTrue(errors > 0, r.out());
    // the restart lost every key written before it: what the server holds was written after it
    long after = dbsize(server);
    assertTrue(after > 0 && after < ok, after + " keys after the restart, " + ok + " inserts OK");
    assertEquals(errors, r.count("REDIS", "FailedOperations"), r.out());
    assertTrue(r.err().contains("redis-string: " + errors + " operation(s) failed"), r.err());
  }

  private static long dbsize(RedisServer server) {
    return Long.parseLong(server.cli("DBSIZE"));
  }
}
