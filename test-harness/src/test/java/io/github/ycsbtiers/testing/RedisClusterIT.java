package io.github.ycsbtiers.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RedisClusterIT {
  @RegisterExtension
  static final RedisClusterExtension redis = RedisClusterExtension.threeMasters();

  @Test
  void threeMastersCoverEverySlot() {
    RedisCluster cluster = redis.cluster();
    assertEquals(3, cluster.nodes().size());
    assertEquals(3, new HashSet<>(cluster.seeds()).size());
    for (RedisServer node : cluster.nodes()) {
      String info = node.cli("CLUSTER", "INFO");
      assertTrue(info.contains("cluster_state:ok"), info);
      assertTrue(info.contains("cluster_slots_ok:16384"), info);
      assertTrue(cluster.seeds().contains(node.hostAndPort()));
    }
  }

  @Test
  void keySetThroughOneNodeReadsBackFromAnother() {
    RedisCluster cluster = redis.cluster();
    cluster.resetStats();
    for (int i = 0; i < 20; i++) {
      assertEquals("OK", cluster.cli(0, "SET", "key" + i, "value" + i));
    }
    for (int i = 0; i < 20; i++) {
      assertEquals("value" + i, cluster.cli(1 + i % 2, "GET", "key" + i));
    }
    Map<String, Long> calls = cluster.commandCalls();
    assertEquals(20L, calls.get("set"));
    assertEquals(20L, calls.get("get"));
    long nodesWithSets = cluster.nodes().stream().filter(n -> n.commandCalls().containsKey("set")).count();
    assertTrue(nodesWithSets > 1, "20 keys spread over more than one master");
    cluster.flushAll();
    assertEquals("", cluster.cli(2, "GET", "key0"));
  }

  @Test
  void noMasterAndReplicasOfFewerThanThreeMastersAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> RedisCluster.start(0, null));
    assertThrows(IllegalArgumentException.class, () -> RedisCluster.startWithReplicas(2, 1));
  }

  @Test
  void oneAndTwoMastersAreMadeByHandAndServeEverySlot() {
    for (int masters = 1; masters <= 2; masters++) {
      List<Long> pids;
      try (RedisCluster cluster = RedisCluster.start(masters, masters == 2 ? "pair secret" : null)) {
        assertEquals(masters, cluster.nodes().size());
        for (RedisServer node : cluster.nodes()) {
          assertTrue(node.cli("ROLE").startsWith("master"), node.toString());
          String info = node.cli("CLUSTER", "INFO");
          assertTrue(info.contains("cluster_state:ok") && info.contains("cluster_slots_ok:16384"), info);
          assertTrue(info.contains("cluster_known_nodes:" + masters), info);
          // every node names every master by its loopback address, as a Cluster client needs them
          String slots = node.cli("CLUSTER", "SLOTS");
          for (String seed : cluster.seeds()) {
            assertTrue(slots.contains(seed.substring(seed.indexOf(':') + 1)), slots);
          }
          assertTrue(slots.contains("127.0.0.1"), slots);
        }
        for (int i = 0; i < 40; i++) {
          assertEquals("OK", cluster.cli(0, "SET", "key" + i, "value" + i));
          assertEquals("value" + i, cluster.cli(masters - 1, "GET", "key" + i));
        }
        assertEquals(40L, cluster.commandCalls().get("set"));
        long withKeys = cluster.nodes().stream().filter(n -> n.commandCalls().getOrDefault("set", 0L) > 0).count();
        assertEquals(masters, withKeys, "40 keys spread over every master");
        pids = cluster.nodes().stream().map(RedisServer::pid).toList();
      }
      for (long pid : pids) {
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "node " + pid + " still alive");
      }
    }
  }

  @Test
  void passwordProtectedClusterClosesEveryNode() {
    List<Long> pids;
    try (RedisCluster cluster = RedisCluster.start(3, "cluster secret")) {
      assertEquals("OK", cluster.cli(0, "SET", "{tag}a", "1"));
      assertEquals("1", cluster.cli(2, "GET", "{tag}a"));
      assertTrue(cluster.nodes().get(0).tryCli(List.of(), "GET", "x").out().contains("NOAUTH"));
      pids = cluster.nodes().stream().map(RedisServer::pid).toList();
    }
    for (long pid : pids) {
      assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "node " + pid + " still alive");
    }
  }

  /**
   * One master inside a namespace, the others on its gateway: every node names every master by the
   * address it listens on; a 2 s cut silences that master alone (the others answer throughout) and
   * fails no node, so after the heal the Cluster is whole again without a failover.
   */
  @Test
  void aMasterInANamespaceIsPartedByACutAndWholeAfterTheHeal() throws Exception {
    try (NetworkNamespace ns = NetworkNamespace.create();
         RedisCluster cluster = RedisCluster.startWithMasterIn(ns)) {
      List<RedisServer> nodes = cluster.nodes();
      RedisServer parted = nodes.get(2);
      assertEquals(ns.address(), parted.host());
      assertEquals(ns.gateway(), nodes.get(0).host());
      assertEquals(ns.gateway(), nodes.get(1).host());
      for (RedisServer node : nodes) {
        String slots = node.cli("CLUSTER", "SLOTS");
        assertTrue(slots.contains(ns.address()) && slots.contains(ns.gateway()) && !slots.contains("127.0.0.1"),
            node + ": " + slots);
      }
      ns.cut();
      // the cut lasts 2 s by the clock, however slowly a loaded machine runs the checks in it: a cut
      // past the nodes' timeout (5 s) would rightly mark the master failing
      long healAt = System.nanoTime() + 2_000_000_000L;
      do {
        assertThrows(SocketTimeoutException.class, () -> {
          try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(parted.host(), parted.port()), 200);
          }
        }, "a new connection was answered (or refused) through the cut");
        assertEquals("PONG", nodes.get(0).cli("PING"));
        assertEquals("PONG", nodes.get(1).cli("PING"));
        Thread.sleep(250);
      } while (System.nanoTime() < healAt);
      ns.heal();
      assertEquals("PONG", parted.cli("PING"));
      Thread.sleep(1000);
      for (RedisServer node : nodes) {
        assertTrue(node.cli("CLUSTER", "INFO").contains("cluster_state:ok"), node.toString());
        assertFalse(node.cli("CLUSTER", "NODES").contains("fail"), node.cli("CLUSTER", "NODES"));
        assertTrue(node.cli("ROLE").startsWith("master"), node.toString());
      }
    }
  }
}
