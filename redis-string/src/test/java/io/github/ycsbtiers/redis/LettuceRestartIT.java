package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Lettuce and the binding's own client on the async engine through a server restart: operations fail as ERROR, the run goes on and completes. */
class LettuceRestartIT {
  private static final int RECORDS = 15_000;

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @ParameterizedTest
  @ValueSource(strings = {"lettuce", "netty"})
  void operationsFailDuringTheRestartAndSucceedAfterIt(String client) throws Exception {
    redis.server().flushAll();
    RedisServer server = redis.server();
    // throttled to about 5 s, the restart half a second in, as ServerRestartIT
    CompletableFuture<YcsbProcess.Result> load = CompletableFuture.supplyAsync(() -> YcsbRuns.ycsb("load",
        args("-p", "redis.host=" + server.host(), "-p", "redis.port=" + server.port(), "-p", "redis.client=" + client,
            "-p", "runner.engine=async", "-p", "redis.timeout=500"),
        args("-P", "workloads/workloada", "-p", "recordcount=" + RECORDS, "-p", "fieldcount=1", "-p",
            "fieldlength=100", "-target", "3000", "-threads", "8")));
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
    long after = dbsize(server);
    assertTrue(after > 0 && after < ok, after + " keys after the restart, " + ok + " inserts OK");
    assertEquals(errors, r.count("REDIS", "FailedOperations"), r.out());
  }

  private static long dbsize(RedisServer server) {
    return Long.parseLong(server.cli("DBSIZE"));
  }
}
