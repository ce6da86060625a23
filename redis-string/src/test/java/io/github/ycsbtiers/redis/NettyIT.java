package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertCompleted;
import static io.github.ycsbtiers.redis.YcsbRuns.assertRefusedWithOneLine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The binding's own RESP client ({@code redis.client=netty}, the async engine's default on a
 * standalone server) against a real server: data integrity under both engines and every record
 * shape, what it refuses, an error reply (no outage), and a server that stops answering
 * ({@code redis.timeout}).
 */
class NettyIT {
  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @BeforeEach
  void empty() {
    redis.server().flushAll();
  }

  private static List<String> target(String engine, String... more) {
    List<String> t = new ArrayList<>(args("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(),
        "-p", "runner.engine=" + engine));
    t.addAll(args(more));
    return t;
  }

  @ParameterizedTest
  @CsvSource({"sync, STRING_ONE_FIELD", "sync, STRING_TEN_FIELDS", "sync, HASH",
      "async, STRING_ONE_FIELD", "async, STRING_TEN_FIELDS", "async, HASH"})
  void roundTripsWithDataIntegrity(String engine, YcsbRuns.Shape shape) {
    YcsbProcess.Result run = YcsbRuns.roundTrip(target(engine, "-p", "redis.client=netty"), shape);
    assertTrue(run.out().contains("[CLIENT], ConnectionsPerServer, 4") || "sync".equals(engine), run.out());
    assertEquals(String.valueOf(YcsbRuns.RECORDS), redis.server().cli("DBSIZE"));
  }

  @Test
  void isTheDefaultOfTheAsyncEngineOnAStandaloneServer() {
    // workload B's partial updates of ten-field string records are GET, merge, SET
    YcsbProcess.Result load = YcsbRuns.ycsb("load", target("async"), args("-P", "workloads/workloadb",
        "-p", "recordcount=500", "-p", "redis.command_group=string", "-p", "dataintegrity=true"));
    assertCompleted(load);
    redis.server().resetStats();
    YcsbProcess.Result run = YcsbRuns.ycsb("run", target("async"), args("-P", "workloads/workloadb",
        "-p", "recordcount=500", "-p", "operationcount=2000", "-p", "redis.command_group=string",
        "-p", "writeallfields=false", "-p", "dataintegrity=true", "-threads", "8"));
    assertCompleted(run);
    assertTrue(run.err().contains("runner.engine=async on"), run.err());
    long updates = run.count("UPDATE", "Return=OK");
    assertTrue(updates > 0, run.out());
    assertEquals(run.count("READ", "Return=OK"), run.count("VERIFY", "Return=OK"), run.out());
    // every partial update read the record before it wrote the merged one
    assertEquals(updates, redis.server().commandCalls().get("set"), run.out());
    assertEquals(run.count("READ", "Return=OK") + updates, redis.server().commandCalls().get("get"), run.out());
  }

  @Test
  void anErrorReplyIsAnErrorNotAnOutage() {
    // user1 .. user9 hold hashes: a GET of them is answered WRONGTYPE
    for (int i = 0; i < 10; i++) {
      redis.server().cli("HSET", "user" + i, "field0", "x");
    }
    YcsbProcess.Result run = YcsbRuns.ycsb("run", target("async", "-p", "redis.client=netty"), args(
        "-P", "workloads/workloadc", "-p", "recordcount=10", "-p", "operationcount=200", "-p", "fieldcount=1",
        "-p", "insertorder=ordered", "-p", "redis.command_group=string", "-threads", "4"));
    assertEquals(0, run.status(), run.err());
    assertEquals(200, run.count("READ", "Return=ERROR"), run.out());
    assertEquals(200, run.count("REDIS", "FailedOperations"), run.out());
    assertTrue(run.err().contains("RespErrorReply: WRONGTYPE"), run.err());
    assertTrue(!run.out().contains("[OUTAGE]"), run.out());
  }

  @Test
  void aServerThatStopsAnsweringTimesOutAndTheRunGoesOn() throws Exception {
    RedisServer server = redis.server();
    for (int i = 0; i < 100; i++) {
      server.cli("SET", "user" + i, "v");
    }
    CompletableFuture<YcsbProcess.Result> run = CompletableFuture.supplyAsync(() -> YcsbRuns.ycsb("run",
        target("async", "-p", "redis.client=netty", "-p", "redis.timeout=300"), args("-P", "workloads/workloadc",
            "-p", "recordcount=100", "-p", "operationcount=6000", "-p", "fieldcount=1",
            "-p", "insertorder=ordered", "-p", "redis.command_group=string", "-target", "1000", "-threads", "4")));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    // 6 s of reads, the pause half a second in; the rate only needs reads due all along
    while (server.commandCalls().getOrDefault("get", 0L) < 500 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    server.pause();
    Thread.sleep(1500);
    server.resume();
    long getsAtResume = server.commandCalls().getOrDefault("get", 0L);
    YcsbProcess.Result r = run.get(2, TimeUnit.MINUTES);

    assertEquals(0, r.status(), r.err());
    long errors = r.count("READ", "Return=ERROR");
    assertTrue(errors >= 4, r.out());
    assertTrue(r.err().contains("within 300 ms (redis.timeout)"), r.err());
    assertTrue(r.out().contains("[OUTAGE], Outages, "), r.out());
    // the run went on after the pause: the server served reads after it (at -target 1000 for about
    // 4 s more: thousands; a client stuck after the pause sends none)
    long getsAfter = server.commandCalls().getOrDefault("get", 0L) - getsAtResume;
    assertTrue(getsAfter > 100, getsAfter + " GETs after the pause:\n" + r.out());
  }

  @Test
  void aClusterTlsOrTemplatesAreRefusedWithOneLine() {
    List<String> load = args("-P", "workloads/workloada", "-p", "recordcount=10");
    assertRefusedWithOneLine(YcsbRuns.ycsb("load", target("async", "-p", "redis.client=netty", "-p",
        "redis.cluster=true"), load), "invalid value 'netty' for property 'redis.client': allowed lettuce or jedis"
        + " with redis.cluster=true, which asks for a Cluster (netty, the binding's own client, speaks to one"
        + " standalone server without TLS)");
    assertRefusedWithOneLine(YcsbRuns.ycsb("load", target("async", "-p", "redis.client=netty", "-p",
        "redis.tls=true"), load), "redis.tls=true, which asks for TLS");
    assertRefusedWithOneLine(YcsbRuns.ycsb("run", target("async", "-p", "redis.client=netty"), args("-P",
        "workloads/bitmap-getbit")), "netty sends record operations only");
    assertEquals("0", redis.server().cli("DBSIZE"));
  }
}
