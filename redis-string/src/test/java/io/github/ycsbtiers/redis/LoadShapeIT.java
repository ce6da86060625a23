package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The load is what the command line says, with the server's {@code INFO} as the truth:
 * {@code -threads N} is N connections, each with one operation in flight, on the default engine
 * and on Jedis' sync engine; {@code -threads 1000} needs no 1,000 OS threads; and the run states
 * that shape on stderr and in {@code [CLIENT]}.
 */
class LoadShapeIT {
  private static final int RECORDS = 2000;

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  /** The records every run reads (it writes none), loaded once. */
  @BeforeAll
  static void load() {
    assertCompleted(YcsbRuns.ycsb("load", common(), args("-P", "workloads/load", "-threads", "8")));
  }

  private static List<String> common() {
    return args("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(),
        "-p", "recordcount=" + RECORDS, "-p", "fieldcount=1", "-p", "fieldlength=100");
  }

  @Test
  void defaultEngineOpensOneConnectionPerClient() {
    Observed o = run(32, List.of());
    assertShape(o, 32, "async");
    assertTrue(o.result.err().contains("Shape: 32 logical clients on 32 connections per server, 1 operation in "
        + "flight per connection, runner.engine=async on"), o.result.err());
  }

  @Test
  void jedisOnTheSyncEngineOpensOneConnectionPerClient() {
    Observed o = run(32, List.of("-p", "runner.engine=sync"));
    assertShape(o, 32, "sync");
    assertTrue(o.result.err().contains("Shape: 32 logical clients on 32 connections per server, 1 operation in "
        + "flight per connection, runner.engine=sync, one thread per client"), o.result.err());
  }

  @Test
  void sharedConnectionsAreOptIn() {
    Observed o = run(32, List.of("-p", "redis.connections=4"));
    assertCompleted(o.result);
    assertEquals(4, o.maxConnected, "connected_clients during the run, without the test's own and [SERVER]'s");
    assertEquals(4, o.newConnections);
    assertEquals("4", o.result.metric("CLIENT", "ConnectionsPerServer"));
    assertEquals("8.0", o.result.metric("CLIENT", "InFlightPerConnection"));
  }

  @Test
  void aThousandClientsNeedFewThreads() {
    Observed o = run(1000, List.of());
    assertShape(o, 1000, "async");
    assertTrue(o.maxJvmThreads > 0 && o.maxJvmThreads < 60, "JVM threads during the run: " + o.maxJvmThreads);
  }

  private static void assertShape(Observed o, int clients, String engine) {
    assertCompleted(o.result);
    assertEquals(clients, o.maxConnected,
        "connected_clients during the run, without the test's own and [SERVER]'s");
    assertEquals(clients, o.newConnections,
        "total_connections_received during the run, without the test's own and [SERVER]'s");
    assertEquals(engine, o.result.metric("CLIENT", "Engine"));
    assertEquals(String.valueOf(clients), o.result.metric("CLIENT", "LogicalClients"));
    assertEquals(String.valueOf(clients), o.result.metric("CLIENT", "ConnectionsPerServer"));
    assertEquals("1.0", o.result.metric("CLIENT", "InFlightPerConnection"));
    assertTrue(o.result.count("READ", "Return=OK") > 0, o.result.out());
  }

  /**
   * Runs Uniform-Read for 4 s while sampling the server's connected clients and the client JVM's
   * threads; every sample is one redis-cli connection, which the counts leave out, and so is the
   * one connection the binding opens for its {@code [SERVER]} section's INFO. The run is throttled
   * ({@code -target}): what is counted is its connections and threads, which every client opens
   * whatever its rate, and an unthrottled run kept both cores busy for its 4 s.
   */
  private static Observed run(int threads, List<String> more) {
    RedisServer server = redis.server();
    long before = received(server);
    AtomicInteger probes = new AtomicInteger();
    List<String> runArgs = new ArrayList<>(args("-P", "workloads/uniform-read", "-p", "operationcount=0",
        "-p", "maxexecutiontime=4", "-target", "2000", "-threads", String.valueOf(threads)));
    runArgs.addAll(more);
    CompletableFuture<YcsbProcess.Result> running = CompletableFuture.supplyAsync(
        () -> YcsbRuns.ycsb("run", common(), runArgs));
    int maxConnected = 0;
    int maxThreads = 0;
    while (!running.isDone()) {
      String clients = server.info("clients");
      probes.incrementAndGet();
      // the probe's own connection is one of the connected clients, and so is [SERVER]'s once open
      maxConnected = Math.max(maxConnected, infoField(clients, "connected_clients") - 1 - SERVER_SECTION_CONNECTIONS);
      maxThreads = Math.max(maxThreads, jvmThreads());
      sleep(200);
    }
    YcsbProcess.Result result = running.join();
    long after = received(server);
    // the probes, the last reading and [SERVER]'s INFO connection were received too
    long fresh = after - before - probes.get() - 1 - SERVER_SECTION_CONNECTIONS;
    return new Observed(result, maxConnected, (int) fresh, maxThreads);
  }

  /** The binding's own INFO connection for its [SERVER] section: one per server, not a client's. */
  private static final int SERVER_SECTION_CONNECTIONS = 1;

  private static long received(RedisServer server) {
    return infoField(server.info("stats"), "total_connections_received");
  }

  private static int infoField(String info, String name) {
    for (String line : info.split("\r?\n")) {
      if (line.startsWith(name + ":")) {
        return Integer.parseInt(line.substring(name.length() + 1).trim());
      }
    }
    throw new AssertionError("no " + name + " in INFO: " + info);
  }

  /** Threads of the bin/ycsb JVM this test started, from /proc; 0 while it is not running. */
  private static int jvmThreads() {
    return ProcessHandle.current().descendants()
        .filter(p -> p.info().command().map(c -> c.endsWith("/java") || c.endsWith("java")).orElse(false))
        .mapToInt(p -> threadsOf(p.pid())).max().orElse(0);
  }

  private static int threadsOf(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
        if (line.startsWith("Threads:")) {
          return Integer.parseInt(line.substring("Threads:".length()).trim());
        }
      }
    } catch (IOException | RuntimeException e) {
      // the process ended between the listing and the read
    }
    return 0;
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  private record Observed(YcsbProcess.Result result, int maxConnected, int newConnections, int maxJvmThreads) {
  }
}
