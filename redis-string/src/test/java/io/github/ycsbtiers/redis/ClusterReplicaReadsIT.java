package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisCluster;
import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reads from a Cluster's replicas ({@code redis.read_from=replica}, Lettuce) on three primaries
 * with a replica each, against each node's INFO commandstats: no GET of the run on a primary, every
 * replica serving reads of its shard, the replicas' GETs summing to the run's reads exactly, and
 * every write on the primaries; per shard, the {@code [ENDPOINT-host:port]} rows say what each
 * node served (a replica's reads are its GETs, a primary's writes its SETs), and the rows sum to
 * the run's operations.
 */
class ClusterReplicaReadsIT {

  @Test
  void eachShardsReadsGoToItsReplica() {
    try (RedisCluster cluster = RedisCluster.startWithReplicas(3, 1)) {
      List<String> target = new ArrayList<>(args("-p", "redis.host=" + String.join(",", cluster.seeds()),
          "-p", "redis.cluster=true", "-p", "redis.client=lettuce", "-P", "workloads/workloada",
          "-p", "recordcount=300", "-p", "fieldcount=1", "-threads", "4"));
      assertCompleted(YcsbRuns.ycsb("load", target, List.of()));
      cluster.resetStats();
      YcsbProcess.Result run = YcsbRuns.ycsb("run", target, args("-p", "redis.read_from=replica",
          "-p", "operationcount=2000"));
      assertCompleted(run);
      long reads = run.count("READ", "Return=OK") + run.count("READ", "Return=NOT_FOUND");
      long updates = run.count("UPDATE", "Return=OK");
      assertEquals(2000, reads + updates, run.out());

      long replicaGets = 0;
      long primarySets = 0;
      long endpointOps = 0;
      for (int m : cluster.masterIndexes()) {
        RedisServer primary = cluster.nodes().get(m);
        assertEquals(0L, primary.commandCalls().getOrDefault("get", 0L), "no GET on the primary " + primary);
        long sets = primary.commandCalls().getOrDefault("set", 0L);
        primarySets += sets;
        String primaryRow = "ENDPOINT-" + primary.hostAndPort();
        assertEquals("primary", run.metric(primaryRow, "Role"), run.out());
        assertEquals(sets, run.count(primaryRow, "Writes"), run.out());
        assertEquals(0, run.count(primaryRow, "Reads"), run.out());
        endpointOps += run.count(primaryRow, "Operations");
        RedisServer replica = cluster.nodes().get(cluster.replicaOf(m));
        long gets = replica.commandCalls().getOrDefault("get", 0L);
        assertTrue(gets > 0, "the replica " + replica + " serves its shard's reads");
        replicaGets += gets;
        String replicaRow = "ENDPOINT-" + replica.hostAndPort();
        assertEquals("replica", run.metric(replicaRow, "Role"), run.out());
        assertEquals(gets, run.count(replicaRow, "Reads"), run.out());
        assertEquals(0, run.count(replicaRow, "Writes"), run.out());
        assertEquals(0, run.count(replicaRow, "Errors"), run.out());
        endpointOps += run.count(replicaRow, "Operations");
      }
      assertEquals(reads, replicaGets, "the replicas' GETs are the run's reads");
      assertEquals(updates, primarySets, "every SET on a primary");
      assertEquals(2000, endpointOps, "the endpoint rows sum to the run's operations");
    }
  }
}
