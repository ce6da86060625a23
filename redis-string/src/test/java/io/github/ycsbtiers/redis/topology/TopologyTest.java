package io.github.ycsbtiers.redis.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.redis.options.ReadFrom;
import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.HostAndPort;

class TopologyTest {
  private static final String INFO = "# Replication\r\nrole:master\r\nconnected_slaves:3\r\n"
      + "slave0:ip=10.0.0.2,port=6380,state=online,offset=42,lag=0\r\n"
      + "slave1:ip=10.0.0.3,port=6381,state=wait_bgsave,offset=0,lag=0\r\n"
      + "slave2:ip=10.0.0.4,port=6382,state=online,offset=42,lag=1\r\n"
      + "master_failover_state:no-failover\r\nslave_read_only:1\r\n";

  @Test
  void onlineReplicasOnlyInTheOrderThePrimaryListsThem() {
    assertEquals(List.of(new HostAndPort("10.0.0.2", 6380), new HostAndPort("10.0.0.4", 6382)),
        ReplicaDiscovery.onlineReplicas(INFO));
    assertEquals("master", ReplicaDiscovery.role(INFO));
    assertEquals(List.of(), ReplicaDiscovery.onlineReplicas("role:slave\r\nslave_repl_offset:5\r\nslave_priority:100"));
  }

  private static List<EndpointStats> three() {
    return List.of(new EndpointStats("p:1", "primary"), new EndpointStats("r:1", "replica"),
        new EndpointStats("r:2", "replica"));
  }

  private static int[] counts(ReadRouter router, int reads) {
    int[] n = new int[3];
    for (int i = 0; i < reads; i++) {
      n[router.next()]++;
    }
    return n;
  }

  @Test
  void replicaGoesRoundTheReplicasOnly() {
    int[] n = counts(new ReadRouter(ReadFrom.REPLICA, three()), 100);
    assertEquals(0, n[0]);
    assertEquals(50, n[1]);
    assertEquals(50, n[2]);
    assertThrows(IllegalArgumentException.class, () -> new ReadRouter(ReadFrom.REPLICA, three().subList(0, 1)));
  }

  @Test
  void anyGoesRoundEveryEndpoint() {
    int[] n = counts(new ReadRouter(ReadFrom.ANY, three()), 99);
    assertEquals(33, n[0]);
    assertEquals(33, n[1]);
  }

  @Test
  void replicaPreferredSkipsFailingReplicasAndFallsBackToThePrimary() {
    List<EndpointStats> e = three();
    ReadRouter router = new ReadRouter(ReadFrom.REPLICA_PREFERRED, e);
    e.get(1).record(true, System.nanoTime(), true);
    int[] n = counts(router, 10);
    assertEquals(10, n[2]);
    e.get(2).record(true, System.nanoTime(), true);
    assertEquals(10, counts(router, 10)[0]);
  }

  @Test
  void nearestTakesTheLowestRecentLatencyAndProbesTheOthers() {
    List<EndpointStats> e = three();
    e.get(0).record(true, System.nanoTime() - 5_000_000, false);
    e.get(1).record(true, System.nanoTime() - 50_000, false);
    e.get(2).record(true, System.nanoTime() - 9_000_000, false);
    int[] n = counts(new ReadRouter(ReadFrom.NEAREST, e), 32 * 30);
    assertTrue(n[1] > 32 * 28, n[1] + " of the reads on the nearest");
    assertTrue(n[0] > 0 && n[2] > 0, "the others probed");
  }

  @Test
  void replicationLagIsThePrimaryOffsetLessEachReplicas() {
    List<EndpointStats> replicas = List.of(new EndpointStats("10.0.0.2:6380", "replica"),
        new EndpointStats("10.0.0.4:6382", "replica"));
    ReplicationLag.record(INFO.replace("slave_read_only", "master_repl_offset:142\r\nx"), replicas);
    ReplicationLag.record(INFO.replace("slave_read_only", "master_repl_offset:50\r\nx"), replicas);
    assertEquals(100L, replicas.get(0).maxLagBytes());
    var section = replicas.get(1).section().values();
    assertEquals(2L, section.get("ReplicationLagSamples"));
    assertEquals(100L, section.get("ReplicationLagMax(bytes)"));
    assertEquals(8L, section.get("ReplicationLagLast(bytes)"));
    assertEquals(null, new EndpointStats("p:1", "primary").section().values().get("ReplicationLagSamples"));
  }

  @Test
  void endpointSectionSumsItsOperations() {
    EndpointStats s = new EndpointStats("127.0.0.1:6380", "replica");
    s.record(true, System.nanoTime(), false);
    s.record(false, System.nanoTime(), true);
    var values = s.section().values();
    assertEquals("ENDPOINT-127.0.0.1:6380", s.section().name());
    assertEquals("replica", values.get("Role"));
    assertEquals(2L, values.get("Operations"));
    assertEquals(1L, values.get("Reads"));
    assertEquals(1L, values.get("Writes"));
    assertEquals(1L, values.get("Errors"));
  }

  @Test
  void aFailoverPointsTheSlotsAtTheNewPrimaryAndTheReplicasTheSentinelsName() {
    HostAndPort p = new HostAndPort("h", 1);
    HostAndPort r1 = new HostAndPort("h", 2);
    HostAndPort r2 = new HostAndPort("h", 3);
    Topology t = new Topology(ReadFrom.REPLICA, p, List.of(r1, r2));
    EndpointSlot primarySlot = t.slots().get(0);
    primarySlot.stats().record(false, System.nanoTime(), false);

    t.primaryMoved(r1);
    assertEquals("h:2", primarySlot.stats().address());
    assertEquals("primary", primarySlot.stats().role());
    assertEquals(r1, t.primary());
    // the Sentinels list the old primary as a replica flagged down (left out) and r2: r1's slot moves to r2
    assertEquals(List.of(r2, r2), t.replicasNow(List.of(r2)));
    assertEquals("h:3", t.slots().get(1).stats().address());
    assertEquals(null, t.replicasNow(List.of(r2)), "nothing moved");
    assertEquals(null, t.replicasNow(List.of()), "no replica online: the slots stay");
    // the old primary is back, as a replica: each replica slot its own again
    assertEquals(List.of(r2, p), t.replicasNow(List.of(r2, p)));
    assertEquals(List.of(r2, p), t.replicasPointed());
    var roles = t.endpoints().stream().map(e -> e.address() + " " + e.role() + " " + e.operations()).toList();
    assertEquals(List.of("h:1 replica 1", "h:2 primary 0", "h:3 replica 0"), roles, "figures stay per address");
  }
}
