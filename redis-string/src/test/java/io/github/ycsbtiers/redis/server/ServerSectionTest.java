package io.github.ycsbtiers.redis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.ycsbtiers.api.ResultSection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerSectionTest {
  private static InfoSnapshot info(long gets, long hits, long misses, String extra) {
    return InfoSnapshot.parse("# Server\r\nredis_version:7.0.15\r\n# Stats\r\nkeyspace_hits:" + hits
        + "\r\nkeyspace_misses:" + misses + "\r\nevicted_keys:1\r\nexpired_keys:0\r\nused_memory:1000\r\n"
        + "used_memory_peak:2000\r\nconnected_clients:5\r\n" + extra + "# Commandstats\r\ncmdstat_get:calls=" + gets
        + ",usec=" + 3 * gets + ",usec_per_call=3.00,rejected_calls=0,failed_calls=0\r\n"
        + "# Keyspace\r\ndb0:keys=10,expires=0,avg_ttl=0\r\n");
  }

  @Test
  void deltasOfCountersEndValuesOfMemoryAndUnknownFieldsSkipped() {
    ResultSection s = ServerSection.of(List.of(new ServerSection.Node("127.0.0.1:6379",
        info(10, 4, 6, "ram_hits:100\r\nflash_hits:oops\r\nmystery_field:9\r\n"),
        info(110, 64, 46, "ram_hits:160\r\nflash_hits:oops\r\nmystery_field:12\r\n"))));
    Map<String, Object> v = s.values();
    assertEquals("SERVER", s.name());
    assertEquals(1L, v.get("Nodes"));
    assertEquals(100L, v.get("Calls-GET"));
    assertEquals(300L, v.get("Usec-GET"));
    assertEquals(60L, v.get("KeyspaceHits"));
    assertEquals(40L, v.get("KeyspaceMisses"));
    assertEquals(0.6, (Double) v.get("KeyspaceHitRatio"), 1e-12);
    assertEquals(0L, v.get("EvictedKeys"));
    assertEquals(1000L, v.get("UsedMemory"));
    assertEquals(2000L, v.get("UsedMemoryPeak"));
    assertEquals(5L, v.get("ConnectedClients"));
    assertEquals(60L, v.get("Tier-ram_hits"));
    assertFalse(v.containsKey("Tier-flash_hits") || v.containsKey("Tier-mystery_field"), v.toString());
    assertFalse(v.keySet().stream().anyMatch(k -> k.contains("@") || k.contains(",")), v.toString());
  }

  @Test
  void perMasterCountsOnACluster() {
    ResultSection s = ServerSection.of(List.of(
        new ServerSection.Node("10.0.0.1:7000", info(0, 0, 0, ""), info(30, 20, 10, "")),
        new ServerSection.Node("10.0.0.2:7001", info(5, 0, 0, ""), info(75, 50, 20, ""))));
    Map<String, Object> v = s.values();
    assertEquals(100L, v.get("Calls-GET"));
    assertEquals(30L, v.get("10.0.0.1:7000-Calls-GET"));
    assertEquals(70L, v.get("10.0.0.2:7001-Calls-GET"));
    assertEquals(50L, v.get("10.0.0.2:7001-KeyspaceHits"));
  }

  /** Redis 7.0.15's CPU fields (INFO everything, # Server and # CPU), at {@code usec} of its clock. */
  private static InfoSnapshot cpu(long usec, double sys, double user, double mainSys, double mainUser) {
    return info(0, 0, 0, "server_time_usec:" + usec + "\r\nuptime_in_seconds:" + usec / 1_000_000
        + "\r\nused_cpu_sys:" + sys + "\r\nused_cpu_user:" + user + "\r\nused_cpu_sys_children:0.000000\r\n"
        + "used_cpu_user_children:0.000000\r\nused_cpu_sys_main_thread:" + mainSys
        + "\r\nused_cpu_user_main_thread:" + mainUser + "\r\n");
  }

  @Test
  void theMainThreadsCoresOverTheServersOwnWindow() {
    // 2.5 s by the server's clock; the main thread used 0.9 + 1.35 s of it, the process 2.5 s
    ResultSection s = ServerSection.of(List.of(new ServerSection.Node("127.0.0.1:6379",
        cpu(1_795_800_000_000_000L, 1.0, 2.0, 0.9, 1.8),
        cpu(1_795_800_002_500_000L, 2.0, 3.5, 1.8, 3.15))));
    Map<String, Object> v = s.values();
    assertEquals(2.5, (Double) v.get("UsedCpu(s)"), 1e-9);
    assertEquals(2.5, (Double) v.get("CpuWindow(s)"), 1e-9);
    assertEquals(0.9, (Double) v.get("ServerThreadCores"), 1e-9);
    assertEquals("main-thread", v.get("ServerThread"));
  }

  @Test
  void withoutMainThreadFiguresTheProcessIsTakenAsOneThread() {
    InfoSnapshot start = info(0, 0, 0, "uptime_in_seconds:100\r\nused_cpu_sys:1.0\r\nused_cpu_user:1.0\r\n");
    InfoSnapshot end = info(0, 0, 0, "uptime_in_seconds:104\r\nused_cpu_sys:2.0\r\nused_cpu_user:3.0\r\n");
    Map<String, Object> v = ServerSection.of(List.of(new ServerSection.Node("a:1", start, end))).values();
    assertEquals(0.75, (Double) v.get("ServerThreadCores"), 1e-9); // 3 s over 4 s of uptime
    assertEquals("process", v.get("ServerThread"));
    // no window at all: CPU seconds, no cores
    Map<String, Object> none = ServerSection.of(List.of(new ServerSection.Node("a:1", start, start))).values();
    assertEquals(0.0, (Double) none.get("UsedCpu(s)"));
    assertFalse(none.containsKey("ServerThreadCores"), none.toString());
  }

  @Test
  void aClustersBusiestMasterDecides() {
    long t0 = 1_000_000_000L;
    ResultSection s = ServerSection.of(List.of(
        new ServerSection.Node("10.0.0.1:7000", cpu(t0, 0, 0, 0, 0), cpu(t0 + 2_000_000, 0.5, 1.0, 0.4, 0.8)),
        new ServerSection.Node("10.0.0.2:7001", cpu(t0, 0, 0, 0, 0), cpu(t0 + 2_000_000, 0.6, 1.4, 0.6, 1.3))));
    Map<String, Object> v = s.values();
    assertEquals(0.95, (Double) v.get("ServerThreadCores"), 1e-9);
    assertEquals(0.6, (Double) v.get("10.0.0.1:7000-ServerThreadCores"), 1e-9);
    assertEquals(0.95, (Double) v.get("10.0.0.2:7001-ServerThreadCores"), 1e-9);
    assertEquals(3.5, (Double) v.get("UsedCpu(s)"), 1e-9);
  }

  @Test
  void clusterNodesMastersOnly() {
    String nodes = "a1 127.0.0.1:7000@17000 myself,master - 0 0 1 connected 0-5460\n"
        + "b2 127.0.0.1:7001@17001 master - 0 0 2 connected 5461-10922\n"
        + "c3 127.0.0.1:7002@17002 slave a1 0 0 1 connected\n"
        + "d4 127.0.0.1:7003@17003 master,fail - 0 0 3 disconnected\n"
        + "e5 :7004@17004 master - 0 0 4 connected 10923-16383\n";
    assertEquals(List.of("127.0.0.1:7000", "127.0.0.1:7001", "seed:7004"),
        ClusterMasters.parse(nodes, "seed").stream().map(Object::toString).toList());
  }
}
