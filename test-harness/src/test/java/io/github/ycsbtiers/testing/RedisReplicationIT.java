package io.github.ycsbtiers.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedisReplicationIT {

  @Test
  void replicasFollowThePrimaryAndSentinelsPromoteOneWhenItDies() {
    List<Long> pids = new ArrayList<>();
    try (RedisReplication set = RedisReplication.start(2, 3)) {
      RedisServer primary = set.nodes().get(0);
      assertEquals(primary, set.primary());
      assertEquals(2, set.replicas().size());
      set.sentinels().forEach(s -> assertTrue(s.toString().contains("sentinel"), s.toString()));
      for (RedisServer sentinel : set.sentinels()) {
        assertEquals(primary.host() + "\n" + primary.port(),
            sentinel.cli("SENTINEL", "GET-MASTER-ADDR-BY-NAME", RedisReplication.MASTER_NAME));
      }
      assertEquals("OK", primary.cli("SET", "k", "v1"));
      set.awaitInSync();
      for (RedisServer replica : set.replicas()) {
        assertEquals("v1", replica.cli("GET", "k"));
      }
      assertEquals(1L, set.commandCalls(0).get("set"), "statistics start at zero once the set is ready");

      set.nodes().forEach(n -> pids.add(n.pid()));
      set.sentinels().forEach(n -> pids.add(n.pid()));
      primary.kill();
      long deadline = System.nanoTime() + 20_000_000_000L;
      RedisServer promoted = null;
      while (promoted == null && System.nanoTime() < deadline) {
        List<RedisServer> live = set.nodes().subList(1, 3);
        for (RedisServer node : live) {
          if (node.tryCli(List.of(), "ROLE").out().startsWith("master")) {
            promoted = node;
          }
        }
        ServerProcess.sleep(100);
      }
      assertTrue(promoted != null, "a replica promoted within 20 s of the primary's SIGKILL");
      assertNotEquals(primary, promoted);
      assertEquals("v1", promoted.cli("GET", "k"));
    }
    for (long pid : pids) {
      assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "process " + pid + " stopped");
    }
  }

  @Test
  void extensionWithoutSentinelsGivesAPrimaryAndItsReplicas() throws Exception {
    RedisReplicationExtension ext = RedisReplicationExtension.replicas(1);
    ext.beforeAll(null);
    try {
      assertEquals(1, ext.replication().replicas().size());
      assertEquals("", ext.replication().sentinelAddresses());
    } finally {
      ext.afterAll(null);
    }
  }
}
