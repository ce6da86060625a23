package io.github.ycsbtiers.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisCluster;
import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.text.ParseException;
import java.text.SimpleDateFormat;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the fault tests share ({@link ServerFaultsIT}: a killed or stopped server; {@link PartitionIT} and
 * {@link ClusterPartitionIT}: a network partition): the clients and engines to run, waiting for a run to be under
 * way, and the checks of the {@code [OUTAGE]} section and of the rate after a fault.
 */
final class FaultRuns {
  static final int THREADS = 8;
  static final int BACKOFF_MIN = 10;
  static final int BACKOFF_MAX = 500;
  /** Commands (INFO commandstats names, before any '|') that set a connection up or probe the server. */
  private static final Set<String> NOT_OPERATIONS = Set.of("auth", "client", "cluster", "command", "config",
      "dbsize", "hello", "info", "ping", "readonly", "select");
  private static final Pattern STATUS = Pattern.compile(
      "^(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3}) \\d+ sec: \\d+ operations; ([\\d.]+) current ops/sec");

  private FaultRuns() {
  }

  /** The ways the binding talks to a server. */
  enum Mode {
    JEDIS_SYNC("jedis", "sync"),
    JEDIS_PIPELINES("jedis", "async"),
    LETTUCE_SYNC("lettuce", "sync"),
    LETTUCE_ASYNC("lettuce", "async"),
    NETTY_ASYNC("netty", "async");

    final String client;
    final String engine;

    Mode(String client, String engine) {
      this.client = client;
      this.engine = engine;
    }

    List<String> target(RedisServer server, String... more) {
      return target(List.of("-p", "redis.host=" + server.host(), "-p", "redis.port=" + server.port()), more);
    }

    /** The Cluster through a seed list of every node; refused for the binding's own client (standalone only). */
    List<String> target(RedisCluster cluster, String... more) {
      return target(List.of("-p", "redis.host=" + String.join(",", cluster.seeds()), "-p", "redis.cluster=true"),
          more);
    }

    private List<String> target(List<String> server, String... more) {
      List<String> a = new ArrayList<>(server);
      a.addAll(YcsbRuns.args("-p", "redis.client=" + client, "-p", "runner.engine=" + engine,
          "-p", "redis.backoff.min=" + BACKOFF_MIN, "-p", "redis.backoff.max=" + BACKOFF_MAX));
      a.addAll(List.of(more));
      return a;
    }
  }

  /** When the fault began (server killed or stopped, link cut) and when it ended (server answering again, link healed). */
  record Fault(Instant began, Instant ended) {
  }

  /**
   * How soon after a fault the first operation succeeds: the backoff cap (500 ms) and a timeout,
   * with room for a busy machine (a Lettuce client in a Cluster took 3.7 s at a load average of 13
   * on 2 cores). A client whose pauses grew without the cap, or that never reconnected, misses it
   * by far: its outage would not end within the run, and the attempt count below catches a
   * backoff that does not space attempts.
   */
  static final long RECOVERY_MILLIS = 6000;

  /**
   * The [OUTAGE] section covers every failed operation, started at the fault and ended (first
   * success) within {@link #RECOVERY_MILLIS} of the server's return; each client's attempts were
   * spaced by the backoff.
   */
  static void assertOutage(YcsbProcess.Result r, long errors, Fault fault) {
    assertFalse(r.err().contains("\tat "), r.err());
    assertTrue(errors > 0, r.out());
    assertEquals(errors, r.count("OUTAGE", "FailedOperations"), r.out());
    Instant start = Instant.parse(r.metric("OUTAGE", "Outage1.Start"));
    String endText = r.metric("OUTAGE", "Outage" + r.count("OUTAGE", "Outages") + ".End");
    assertNotNull(endText, r.out());
    assertFalse(endText.startsWith("none"), "the last outage did not end:\n" + r.out());
    Instant end = Instant.parse(endText);
    assertTrue(!start.isBefore(fault.began().minusMillis(100)), start + " before the fault at " + fault.began());
    assertTrue(end.isBefore(fault.ended().plusMillis(RECOVERY_MILLIS)), "first success at " + end + ", fault over at "
        + fault.ended() + ":\n" + r.out());
    // backoff: per client at most ~log2(max/min) + 2 attempts to reach the cap, then one per max;
    // doubled for a loaded machine. Without the backoff this is thousands.
    long lastedMs = end.toEpochMilli() - start.toEpochMilli();
    long perClient = 32 - Integer.numberOfLeadingZeros(BACKOFF_MAX / BACKOFF_MIN) + 2 + lastedMs / BACKOFF_MAX;
    assertTrue(errors <= 2L * THREADS * perClient, errors + " ERRORs in an outage of " + lastedMs + " ms; "
        + THREADS + " clients at most " + perClient + " attempts each:\n" + r.out());
  }

  /**
   * How late a busy machine may run an operation past its deadline: a GC pause and the scheduler at
   * a load average of 28 on 2 cores took one 1.26 s past a 1 s timeout.
   */
  static final long SLACK_MILLIS = 1200;

  /** The longest an operation in flight at a fault may wait for its reply: the timeout, checked every quarter of it, and the slack. */
  static long waitBoundMillis(int timeoutMillis) {
    return timeoutMillis * 5L / 4 + SLACK_MILLIS;
  }

  /**
   * No READ or UPDATE waited past {@code redis.timeout} plus the backoff cap: an operation in flight
   * at a fault fails at its timeout (checked every quarter of it), and a failed one may add its
   * backoff pause; {@link #SLACK_MILLIS} for a loaded 2-core machine. A fault must last longer
   * than the bound, or an operation that waited for all of it would pass.
   */
  static void assertWaitsBounded(YcsbProcess.Result r, int timeoutMillis) {
    assertWaitsAtMost(r, waitBoundMillis(timeoutMillis));
  }

  /** No READ or UPDATE that succeeded waited past {@code boundMillis}, and none that failed past it plus the backoff cap. */
  static void assertWaitsAtMost(YcsbProcess.Result r, long boundMillis) {
    long okBound = boundMillis * 1000;
    long failedBound = okBound + BACKOFF_MAX * 1000L;
    for (String op : List.of("READ", "UPDATE")) {
      long okMax = r.count(op, "MaxLatency(us)");
      assertTrue(okMax <= okBound, op + " max latency " + okMax + " us, bound " + okBound + ":\n" + r.out());
      long failedMax = r.count(op + "-FAILED", "MaxLatency(us)");
      assertTrue(failedMax <= failedBound, op + "-FAILED max latency " + failedMax + " us, bound " + failedBound
          + ":\n" + r.out());
    }
  }

  /**
   * The highest current rate of the status lines of intervals that ended at or after {@code at}:
   * above 0 when the run went on after a fault, however long a busy machine took to reconnect.
   */
  static double highestRateAfter(String statusLines, Instant at) throws ParseException {
    SimpleDateFormat f = new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS");
    double highest = -1;
    for (String line : statusLines.split("\r?\n")) {
      Matcher m = STATUS.matcher(line);
      if (m.find() && !f.parse(m.group(1)).toInstant().isBefore(at)) {
        highest = Math.max(highest, Double.parseDouble(m.group(2)));
      }
    }
    if (highest < 0) {
      throw new AssertionError("no status line after " + at + ":\n" + statusLines);
    }
    return highest;
  }

  static void awaitKeys(RedisServer server, long keys, CompletableFuture<?> phase)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (Long.parseLong(server.cli("DBSIZE")) < keys) {
      assertFalse(phase.isDone(), "the phase ended before " + keys + " keys were written");
      assertTrue(System.nanoTime() < deadline, "no " + keys + " keys within 60 s");
      Thread.sleep(20);
    }
  }

  /**
   * Waits until the server has served {@code commands} of the phase's operations. The commands a
   * connection sets itself up with and the test's own probes are not counted: this method's INFO
   * every 20 ms alone reached 300 while a slow {@code bin/ycsb} was still starting, so a fault
   * meant for the run landed before it (clean-clone CI, machine shared, ServerFaultsIT).
   */
  static void awaitCommands(RedisServer server, long commands, CompletableFuture<?> phase)
      throws InterruptedException {
    server.resetStats();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (operationCalls(server.commandCalls()) < commands) {
      assertFalse(phase.isDone(), "the phase ended before " + commands + " commands");
      assertTrue(System.nanoTime() < deadline, "no " + commands + " commands within 60 s");
      Thread.sleep(20);
    }
  }

  /** The commands that are operations of a phase: all but set-up, probes and statistics. */
  static long operationCalls(Map<String, Long> calls) {
    long n = 0;
    for (Map.Entry<String, Long> e : calls.entrySet()) {
      String name = e.getKey();
      int bar = name.indexOf('|');
      if (!NOT_OPERATIONS.contains(bar < 0 ? name : name.substring(0, bar))) {
        n += e.getValue();
      }
    }
    return n;
  }
}
