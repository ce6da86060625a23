package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisReplication;
import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a failover lost, in a case built to lose writes (the binding's own client, Lettuce, and Jedis on the sync engine): a primary with one replica under three
 * Sentinels, the replica SIGSTOPped while 20 KB writes go on (more than the sockets' buffers hold,
 * so the primary keeps them in its own memory), then the primary SIGKILLed and the replica let go
 * and promoted. Without WAIT the writes the primary acknowledged in the pause are gone from the
 * promoted replica and {@code redis.lost_writes=check} counts them; with {@code
 * redis.wait.replicas=1} no write of the pause is acknowledged, and none is lost.
 */
class LostWritesIT {

  @ParameterizedTest
  @ValueSource(strings = {"netty", "lettuce", "jedis"})
  void acknowledgedWritesLostWithoutWaitAndNoneWithWaitForOneReplica(String client) throws Exception {
    String engine = client.equals("jedis") ? "sync" : "async";
    YcsbProcess.Result unsafe = failover("-p", "redis.client=" + client, "-p", "runner.engine=" + engine);
    assertEquals(0, unsafe.status(), unsafe.err());
    long acknowledged = unsafe.count("LOST-WRITES", "AcknowledgedKeys");
    long lost = unsafe.count("LOST-WRITES", "Lost");
    assertTrue(acknowledged > 0, unsafe.out());
    assertTrue(lost > 0 && lost < acknowledged, "lost without WAIT: " + lost + " of " + acknowledged + "\n"
        + unsafe.out());

    YcsbProcess.Result waiting = failover("-p", "redis.client=" + client, "-p", "runner.engine=" + engine,
        "-p", "redis.wait.replicas=1",
        "-p", "redis.wait.timeout=200");
    assertEquals(0, waiting.status(), waiting.err());
    assertTrue(waiting.count("LOST-WRITES", "AcknowledgedKeys") > 0, waiting.out());
    assertEquals(0, waiting.count("LOST-WRITES", "Lost"), waiting.out());
    assertTrue(waiting.count("UPDATE", "Return=ERROR") > 0, "writes not replicated in time are ERROR: "
        + waiting.out());
  }

  /** A run with the lost-write check through the failover described above; {@code more} for the client. */
  private static YcsbProcess.Result failover(String... more) throws Exception {
    try (RedisReplication set = RedisReplication.start(1, 3)) {
      RedisServer primary = set.nodes().get(0);
      RedisServer replica = set.nodes().get(1);
      List<String> target = new ArrayList<>(args("-p", "redis.sentinels=" + set.sentinelAddresses(),
          "-p", "redis.sentinel.master=" + RedisReplication.MASTER_NAME, "-p", "redis.lost_writes=check",
          "-P", "workloads/workloada", "-p", "readproportion=0", "-p", "updateproportion=1",
          "-p", "recordcount=1000000", "-p", "requestdistribution=uniform", "-p", "fieldcount=1",
          "-p", "fieldlength=20000", "-p", "operationcount=100000000", "-p", "maxexecutiontime=8",
          "-target", "1000", "-threads", "4", "-p", "redis.timeout=1000"));
      target.addAll(args(more));
      CompletableFuture<YcsbProcess.Result> run = CompletableFuture.supplyAsync(() -> YcsbRuns.ycsb("run", target,
          List.of()));
      YcsbRuns.awaitFirst(primary, "set", run);
      TimeUnit.MILLISECONDS.sleep(1000);
      replica.pause();
      TimeUnit.MILLISECONDS.sleep(2500);
      primary.kill();
      replica.resume();
      return run.get(60, TimeUnit.SECONDS);
    }
  }
}
