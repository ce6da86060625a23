package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisReplicationExtension;
import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Stale reads ({@code redis.stale_reads=check}, versioned values) from a replica held behind: the
 * replica detached from its primary ({@code REPLICAOF NO ONE}) for 1.5 s of a 5 s run of workload
 * A, then attached again. Reading from the replica, the reads of keys written meanwhile are
 * {@code Return=STALE} (the binding's own client and Lettuce); reading from the primary through the
 * same cut, none is.
 */
class StaleReadsIT {
  @RegisterExtension
  static final RedisReplicationExtension redis = RedisReplicationExtension.replicas(1);

  @ParameterizedTest
  @CsvSource({"replica, true, lettuce", "replica, true, netty", "primary, false, netty"})
  void readsOlderThanAnAcknowledgedWriteAreStale(String readFrom, boolean stale, String client) throws Exception {
    RedisServer primary = redis.replication().nodes().get(0);
    RedisServer replica = redis.replication().nodes().get(1);
    redis.replication().awaitInSync();
    CompletableFuture<YcsbProcess.Result> run = CompletableFuture.supplyAsync(() -> YcsbRuns.ycsb("run",
        args("-p", "redis.host=" + primary.hostAndPort(), "-p", "redis.read_from=" + readFrom, "-p", "redis.client=" + client,
            "-p", "redis.stale_reads=check", "-P", "workloads/workloada", "-p", "recordcount=500",
            "-p", "fieldcount=1", "-p", "operationcount=100000000", "-p", "maxexecutiontime=5", "-target", "1000",
            "-threads", "2"), List.of()));
    YcsbRuns.awaitFirst(primary, "set", run);
    TimeUnit.MILLISECONDS.sleep(1000);
    replica.cli("REPLICAOF", "NO", "ONE");
    TimeUnit.MILLISECONDS.sleep(1500);
    replica.cli("REPLICAOF", primary.host(), Integer.toString(primary.port()));
    YcsbProcess.Result r = run.get(60, TimeUnit.SECONDS);
    redis.replication().awaitInSync();

    assertEquals(0, r.status(), () -> r.err() + "\nprimary: " + primary.info("replication"));
    assertEquals(0, r.count("READ", "Return=ERROR"), r.out());
    long staleReads = r.count("READ", "Return=STALE");
    long reads = staleReads + r.count("READ", "Return=OK") + r.count("READ", "Return=NOT_FOUND");
    if (stale) {
      assertTrue(staleReads > 0, "stale reads from the detached replica: " + r.out());
      assertTrue(staleReads < reads / 2, "most reads are not stale, the replica being in sync most of the run: "
          + r.out());
    } else {
      assertEquals(0, staleReads, r.out());
    }
  }
}
