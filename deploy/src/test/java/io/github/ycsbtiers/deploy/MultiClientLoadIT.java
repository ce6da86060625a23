package io.github.ycsbtiers.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three local bin/ycsb clients with client.count=3 against one real redis-server: the server saw
 * every record set exactly once (no overlap, no gap), and bin/ycsb merge of their directories
 * reports the whole phase.
 */
class MultiClientLoadIT {
  @RegisterExtension
  final RedisServerExtension redis = RedisServerExtension.standalone();

  @TempDir
  Path results;

  private List<String> target(String... more) {
    List<String> args = new ArrayList<>(List.of("-P", "workloads/load", "-p", "redis.host=" + redis.host(),
        "-p", "redis.port=" + redis.port(), "-p", "redis.command_group=string", "-p", "fieldcount=1",
        "-p", "fieldlength=100", "-threads", "8"));
    args.addAll(List.of(more));
    return args;
  }

  private static List<String> phase(String phase, List<String> args) {
    List<String> all = new ArrayList<>(List.of(phase, "redis"));
    all.addAll(args);
    return all;
  }

  /**
   * 3,001 records over 3 clients: the first takes the remainder, so a share off by one shows. The
   * checks are exact counts, which a thousand records per client shows as well as ten thousand.
   */
  @Test
  void threeClientsLoadThreeThousandAndOneRecordsExactlyOnce() {
    RedisServer server = redis.server();
    Clients.runAll(3, results, phase("load", target("-p", "recordcount=3001")));
    assertEquals("3001", server.cli("DBSIZE"));
    assertEquals(Map.of("set", 3_001L), dataCommands(server));

    YcsbProcess.Result merged = Clients.merge(results, 3);
    assertEquals(0, merged.status(), merged.err());
    assertTrue(merged.out().contains("[INSERT], Operations, 3001\n"), merged.out());
    assertTrue(merged.out().contains("[INSERT], Return=OK, 3001\n"), merged.out());
    assertTrue(merged.count("OVERALL", "Throughput(ops/sec)") > 0, merged.out());

    // run phase: operationcount is per client, every client reads the whole key space
    server.resetStats();
    Clients.runAll(3, results.resolve("run"), phase("run", List.of("-P", "workloads/uniform-read",
        "-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(), "-p", "redis.command_group=string",
        "-p", "fieldcount=1", "-p", "fieldlength=100", "-p", "recordcount=3001", "-p", "operationcount=500",
        "-threads", "4")));
    YcsbProcess.Result reads = Clients.merge(results.resolve("run"), 3);
    assertEquals(0, reads.status(), reads.err());
    assertEquals(1_500, reads.count("READ", "Operations"), reads.out());
    assertEquals(1_500, reads.count("READ", "Return=OK"), reads.out());
    assertEquals(Map.of("get", 1_500L), dataCommands(server));
  }

  @Test
  void threeClientsCoverARangeAboveTwoToTheThirtySecondExactly() {
    RedisServer server = redis.server();
    // the last 3,000 key numbers of the key space, all above 2^32 (the counts are exact, so a
    // thousand per client shows a gap or an overlap as well as more would)
    Clients.runAll(3, results, phase("load", target("-p", "recordcount=5120000000", "-p", "insertstart=5119997000",
        "-p", "insertcount=3000", "-p", "insertorder=ordered")));
    assertEquals("3000", server.cli("DBSIZE"));
    assertEquals(Map.of("set", 3_000L), dataCommands(server));
    // ordered keys are "user" + key number: the first and last of the range exist, their neighbours do not
    assertEquals("1", server.cli("EXISTS", "user5119997000"));
    assertEquals("1", server.cli("EXISTS", "user5119999999"));
    assertEquals("1", server.cli("EXISTS", "user5119998000"), "client 1's first key");
    assertEquals("0", server.cli("EXISTS", "user5119996999"));
    assertEquals("0", server.cli("EXISTS", "user5120000000"));
    YcsbProcess.Result merged = Clients.merge(results, 3);
    assertEquals(0, merged.status(), merged.err());
    assertEquals(3_000, merged.count("INSERT", "Return=OK"), merged.out());
  }

  /**
   * Throttled clients record intended latency ({@code Intended-READ}, from each client's schedule);
   * the merge of three real runs reports exactly the figures of one histogram of every value the
   * clients wrote to their {@code Intended-READ.hdr} logs, read here independently of the merge's
   * code, and the measured {@code READ} the same way.
   */
  @Test
  void throttledClientsIntendedLatencyMergesExactly() throws IOException {
    Clients.runAll(3, results.resolve("load"), phase("load", target("-p", "recordcount=3000")));
    Clients.runAll(3, results.resolve("run"), phase("run", List.of("-P", "workloads/uniform-read",
        "-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(), "-p", "redis.command_group=string",
        "-p", "fieldcount=1", "-p", "fieldlength=100", "-p", "recordcount=3000", "-p", "operationcount=3000",
        "-p", "measurement.interval=both", "-target", "3000", "-threads", "4")));
    YcsbProcess.Result merged = Clients.merge(results.resolve("run"), 3);
    assertEquals(0, merged.status(), merged.err());
    for (String section : List.of("Intended-READ", "READ")) {
      Histogram all = new Histogram(3);
      for (int i = 0; i < 3; i++) {
        Path log = Clients.dir(results.resolve("run"), i).resolve(section + ".hdr");
        long before = all.getTotalCount();
        try (HistogramLogReader reader = new HistogramLogReader(log.toFile())) {
          for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
            all.add((Histogram) h);
          }
        }
        assertEquals(3000, all.getTotalCount() - before, "client " + i + "'s " + section + " values");
      }
      assertEquals(9000, merged.count(section, "Operations"), merged.out());
      assertEquals(all.getValueAtPercentile(99), merged.count(section, "99thPercentileLatency(us)"), section);
      assertEquals(all.getValueAtPercentile(95), merged.count(section, "95thPercentileLatency(us)"), section);
      assertEquals(all.getMaxValue(), merged.count(section, "MaxLatency(us)"), section);
      assertEquals(all.getMinValue(), merged.count(section, "MinLatency(us)"), section);
    }
  }

  @Test
  void badPairsAndRangesFailBeforeAnyWork() {
    RedisServer server = redis.server();
    YcsbProcess.Result tooHigh = YcsbProcess.run(Clients.TIMEOUT, phase("load", target("-p", "recordcount=1000",
        "-p", "client.count=3", "-p", "client.index=3")));
    assertEquals(2, tooHigh.status());
    assertEquals("error: invalid value '3' for property 'client.index': allowed a whole number from 0 to "
        + "client.count - 1 (2)", lastLine(tooHigh.err()));
    YcsbProcess.Result fromJob = YcsbProcess.run(Clients.TIMEOUT, Map.of("JOB_COMPLETION_INDEX", "x"),
        phase("load", target("-p", "recordcount=1000", "-p", "client.count=3")));
    assertEquals(2, fromJob.status());
    assertTrue(lastLine(fromJob.err()).startsWith("error: invalid value 'x' for environment variable JOB_COMPLETION_INDEX"),
        fromJob.err());
    // the literal triple asks for 20,000 records past the end of the key space: refused, as upstream does
    YcsbProcess.Result pastEnd = YcsbProcess.run(Clients.TIMEOUT, phase("load", target("-p", "recordcount=5120000000",
        "-p", "insertstart=5119990000", "-p", "insertcount=30000", "-p", "client.count=3", "-p", "client.index=0")));
    assertEquals(2, pastEnd.status());
    assertTrue(lastLine(pastEnd.err()).startsWith("error: invalid value '30000' for property 'insertcount'"),
        pastEnd.err());
    assertEquals("0", server.cli("DBSIZE"));
    assertEquals(Map.of(), dataCommands(server), "no command reached the server");
  }

  private static String lastLine(String text) {
    String[] lines = text.strip().split("\n");
    return lines[lines.length - 1];
  }

  /** Calls of the data commands (not the CLI's own INFO, PING, CONFIG, DBSIZE...). */
  static Map<String, Long> dataCommands(RedisServer server) {
    Map<String, Long> calls = new java.util.TreeMap<>(server.commandCalls());
    calls.keySet().retainAll(List.of("set", "get", "hset", "hgetall", "hmget", "del", "zadd", "mset", "mget"));
    return calls;
  }
}
