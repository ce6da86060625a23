package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Tair capacity-storage white paper's four commands (DESIGN.md), unchanged but for host, port
 * and a small recordcount, and the commands the server saw: one SET per record loaded, one GET
 * per read, GET + SET = operationcount for 50/50, never a ZADD or a Hash command.
 */
class WhitePaperCommandsIT {
  private static final long RECORDS = 4000;

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @Test
  void loadUniformReadZipfianReadAndUniformFiftyFifty() {
    RedisServer server = redis.server();

    YcsbProcess.Result load = paperCommand("load", "workloada", null);
    assertCompleted(load);
    assertEquals(RECORDS, load.count("INSERT", "Return=OK"));
    assertEquals(Map.of("set", RECORDS), dataCommands(server));
    assertEquals(String.valueOf(RECORDS), server.cli("DBSIZE"));
    assertEquals("100", server.cli("STRLEN", server.cli("RANDOMKEY")));

    for (String distribution : List.of("uniform", "zipfian")) {
      server.resetStats();
      YcsbProcess.Result read = paperCommand("run", "workloadc", distribution);
      assertCompleted(read);
      assertEquals(RECORDS, read.count("READ", "Return=OK"), distribution);
      assertEquals(Map.of("get", RECORDS), dataCommands(server), distribution);
    }

    server.resetStats();
    YcsbProcess.Result mixed = paperCommand("run", "workloada", "uniform");
    assertCompleted(mixed);
    long reads = mixed.count("READ", "Return=OK");
    long updates = mixed.count("UPDATE", "Return=OK");
    assertEquals(RECORDS, reads + updates);
    assertTrue(reads > 0 && updates > 0, mixed.out());
    assertEquals(Map.of("get", reads, "set", updates), dataCommands(server));
  }

  /** The paper's command line; {@code distribution} null for its Load command. */
  private static YcsbProcess.Result paperCommand(String phase, String workload, String distribution) {
    List<String> args = new ArrayList<>(args("-s", "-P", "workloads/" + workload,
        "-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(),
        "-p", "recordcount=" + RECORDS, "-p", "operationcount=" + RECORDS, "-p", "redis.timeout=30000",
        "-p", "redis.command_group=string", "-p", "fieldcount=1", "-p", "fieldlength=100"));
    if (distribution != null) {
      args.addAll(args("-p", "requestdistribution=" + distribution));
    }
    args.addAll(args("-threads", "32"));
    return YcsbRuns.ycsb(phase, List.of(), args);
  }

  /** Command calls without the connection set-up and test bookkeeping ones. */
  private static Map<String, Long> dataCommands(RedisServer server) {
    Map<String, Long> calls = new TreeMap<>(server.commandCalls());
    calls.keySet().removeIf(c -> c.equals("ping") || c.equals("info") || c.startsWith("client") || c.startsWith("config")
        || c.equals("dbsize") || c.equals("randomkey") || c.equals("strlen"));
    return calls;
  }
}
