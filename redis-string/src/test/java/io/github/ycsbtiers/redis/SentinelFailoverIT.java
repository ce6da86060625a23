package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisReplication;
import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.TlsCertificates;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A primary found through real Sentinels ({@code redis.sentinels}, {@code redis.sentinel.master})
 * and followed through a failover, by the binding's own client, Lettuce and Jedis: the primary SIGKILLed 4 s into a 12 s run (the 30 s run
 * with the kill at 10 s, shortened for the test's cost). The run exits 0, operations resume on the
 * promoted replica within 2 s of its promotion, and the switch is one {@code [OUTAGE]} with its
 * duration. Bad input: no Sentinel reachable, a master name they do not know.
 */
class SentinelFailoverIT {

  private static List<String> target(String sentinels, String master, String... more) {
    List<String> t = new ArrayList<>(args("-p", "redis.sentinels=" + sentinels, "-p", "redis.sentinel.master=" + master,
        "-P", "workloads/workloada", "-p", "recordcount=100", "-p", "fieldcount=1"));
    t.addAll(args(more));
    return t;
  }

  @Test
  void refusedWithoutAReachableSentinelOrAKnownMaster() throws Exception {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0)) {
      closedPort = s.getLocalPort();
    }
    YcsbProcess.Result none = YcsbRuns.ycsb("run", target("127.0.0.1:" + closedPort, RedisReplication.MASTER_NAME),
        List.of());
    YcsbRuns.assertRefusedWithOneLine(none, "invalid value '127.0.0.1:" + closedPort
        + "' for property 'redis.sentinels': allowed Sentinels of which one at least answers (127.0.0.1:" + closedPort);
    try (RedisReplication set = RedisReplication.start(0, 1)) {
      YcsbProcess.Result unknown = YcsbRuns.ycsb("run", target(set.sentinelAddresses(), "nosuchmaster"), List.of());
      YcsbRuns.assertRefusedWithOneLine(unknown, "invalid value 'nosuchmaster' for property 'redis.sentinel.master': "
          + "allowed a name the Sentinels monitor");
    }
  }

  @ParameterizedTest
  @CsvSource({"async, netty", "async, lettuce", "sync, jedis", "async, jedis"})
  void aKilledPrimaryIsFollowedToThePromotedReplica(String engine, String client) throws Exception {
    YcsbProcess.Result r;
    Instant killed;
    Instant promoted;
    RedisServer replica;
    try (RedisReplication set = RedisReplication.start(1, 3)) {
      RedisServer primary = set.nodes().get(0);
      replica = set.nodes().get(1);
      CompletableFuture<YcsbProcess.Result> run = CompletableFuture.supplyAsync(() -> YcsbRuns.ycsb("run",
          target(set.sentinelAddresses(), RedisReplication.MASTER_NAME, "-p", "redis.client=" + client,
              "-p", "runner.engine=" + engine,
              "-p", "operationcount=100000000", "-p", "maxexecutiontime=12", "-target", "2000", "-threads", "4",
              "-p", "redis.timeout=500"), List.of()));
      YcsbRuns.awaitFirst(primary, "set", run);
      TimeUnit.SECONDS.sleep(3);
      killed = Instant.now();
      primary.kill();
      promoted = awaitPromotion(replica, Duration.ofSeconds(20));
      r = run.get(60, TimeUnit.SECONDS);
      assertTrue(replica.commandCalls().getOrDefault("set", 0L) > 100, "writes go on on the promoted replica");
    }

    assertEquals(0, r.status(), r.err());
    // the switch is the first outage; a Sentinel that reconfigures the promoted node again (its
    // MULTI ends with CLIENT KILL TYPE normal) may reset the new connections once more, seen once
    // in three Lettuce runs on a loaded machine as a second outage of 113 ms, 3 s later
    long outages = r.count("OUTAGE", "Outages");
    assertTrue(outages == 1 || outages == 2 && r.count("OUTAGE", "Outage2.Duration(ms)") < 1000, r.out());
    assertEquals(1, r.count("SENTINEL", "Switches"), r.out());
    assertEquals(replica.hostAndPort(), r.metric("SENTINEL", "Primary"), r.out());
    String from = r.metric("SERVER", "MeasuredFrom");
    assertTrue(from != null && from.startsWith("switch to " + replica.hostAndPort() + " at "),
        "[SERVER] measures the new primary from the switch: " + r.out());
    Instant start = Instant.parse(r.metric("OUTAGE", "Outage1.Start"));
    String endText = r.metric("OUTAGE", "Outage1.End");
    assertNotNull(endText, r.out());
    Instant end = Instant.parse(endText);
    long duration = r.count("OUTAGE", "Outage1.Duration(ms)");
    assertTrue(duration > 0, r.out());
    assertTrue(!start.isBefore(killed.minusMillis(50)), "the outage starts with the kill: " + start + " vs " + killed);
    assertTrue(end.isBefore(promoted.plusSeconds(2)), "operations resume within 2 s of the promotion at " + promoted
        + ": " + r.out());
    assertTrue(r.count("OUTAGE", "Outage1.FailedOperations") > 0, r.out());
    assertEquals(r.count("OUTAGE", "FailedOperations"), r.count("READ", "Return=ERROR")
        + r.count("UPDATE", "Return=ERROR"), "every ERROR is one of the outage's: " + r.out());
  }

  /**
   * Everything on TLS (primary, replica, Sentinels; clients show a certificate): Lettuce and Jedis
   * reach the Sentinels over TLS, with the servers' CA and client certificate, and follow the
   * failover of a primary SIGKILLed 2 s into an 8 s run.
   */
  @ParameterizedTest
  @CsvSource({"async, lettuce", "sync, jedis"})
  void overTlsTheSentinelsAreReachedAndFollowed(String engine, String client, @TempDir Path tmp) throws Exception {
    TlsCertificates certs = TlsCertificates.generate(tmp.resolve("certs"));
    YcsbProcess.Result r;
    RedisServer replica;
    try (RedisReplication set = RedisReplication.start(1, 3, certs)) {
      RedisServer primary = set.nodes().get(0);
      replica = set.nodes().get(1);
      CompletableFuture<YcsbProcess.Result> run = CompletableFuture.supplyAsync(() -> YcsbRuns.ycsb("run",
          target(set.sentinelAddresses(), RedisReplication.MASTER_NAME, "-p", "redis.client=" + client,
              "-p", "runner.engine=" + engine, "-p", "redis.tls=true", "-p", "redis.tls.ca=" + certs.caCert(),
              "-p", "redis.tls.cert=" + certs.clientCert(), "-p", "redis.tls.key=" + certs.clientKey(),
              "-p", "operationcount=100000000", "-p", "maxexecutiontime=8", "-target", "1000", "-threads", "2",
              "-p", "redis.timeout=5000"), List.of()));
      YcsbRuns.awaitFirst(primary, "set", run);
      TimeUnit.SECONDS.sleep(2);
      primary.kill();
      awaitPromotion(replica, Duration.ofSeconds(20));
      r = run.get(60, TimeUnit.SECONDS);
      assertTrue(replica.commandCalls().getOrDefault("set", 0L) > 100, "writes go on on the promoted replica: " + r.out());
    }
    assertEquals(0, r.status(), r.err());
    assertEquals(1, r.count("SENTINEL", "Switches"), r.out());
    assertEquals(replica.hostAndPort(), r.metric("SENTINEL", "Primary"), r.out());
    assertTrue(r.count("OUTAGE", "Outages") >= 1, r.out());
  }

  /**
   * Reads from replicas found through the Sentinels (the binding's own client), on a primary with
   * two replicas, through the primary's SIGKILL: after the switch the replica slots point at the
   * replica that was not promoted (the Sentinels flag the killed primary down), so that it goes on
   * serving reads and the promoted one serves none from 2 s after its promotion; no read ever on the
   * primary, each endpoint's row equal to its GETs (but reads that failed unserved), and the rows
   * summing to the run's operations.
   */
  @Test
  void replicaReadsFollowTheFailover() throws Exception {
    YcsbProcess.Result r;
    RedisServer primary;
    RedisServer promoted;
    RedisServer other;
    long otherGetsAtPromotion;
    long promotedGetsLater;
    long promotedGetsAtEnd;
    long otherGetsAtEnd;
    try (RedisReplication set = RedisReplication.start(2, 3)) {
      primary = set.nodes().get(0);
      CompletableFuture<YcsbProcess.Result> run = CompletableFuture.supplyAsync(() -> YcsbRuns.ycsb("run",
          target(set.sentinelAddresses(), RedisReplication.MASTER_NAME, "-p", "redis.client=netty",
              "-p", "redis.read_from=replica", "-p", "operationcount=100000000", "-p", "maxexecutiontime=12",
              "-target", "2000", "-threads", "4", "-p", "redis.timeout=500"), List.of()));
      YcsbRuns.awaitFirst(primary, "set", run);
      TimeUnit.SECONDS.sleep(2);
      primary.kill();
      promoted = awaitEitherPromoted(set.nodes().subList(1, 3), Duration.ofSeconds(20));
      other = set.nodes().get(promoted == set.nodes().get(1) ? 2 : 1);
      otherGetsAtPromotion = other.commandCalls().getOrDefault("get", 0L);
      TimeUnit.SECONDS.sleep(2);
      promotedGetsLater = promoted.commandCalls().getOrDefault("get", 0L);
      r = run.get(60, TimeUnit.SECONDS);
      promotedGetsAtEnd = promoted.commandCalls().getOrDefault("get", 0L);
      otherGetsAtEnd = other.commandCalls().getOrDefault("get", 0L);
    }

    assertEquals(0, r.status(), r.err());
    assertEquals(1, r.count("SENTINEL", "Switches"), r.out());
    assertEquals(promoted.hostAndPort(), r.metric("SENTINEL", "Primary"), r.out());
    String old = "ENDPOINT-" + primary.hostAndPort();
    assertEquals(0, r.count(old, "Reads"), "no read on the primary: " + r.out());
    assertEquals("former primary", r.metric(old, "Role"), r.out());
    assertEquals("primary", r.metric("ENDPOINT-" + promoted.hostAndPort(), "Role"), r.out());
    assertEquals("replica", r.metric("ENDPOINT-" + other.hostAndPort(), "Role"), r.out());
    assertTrue(otherGetsAtEnd > otherGetsAtPromotion + 1000, "reads go on on the other replica after the switch: "
        + otherGetsAtPromotion + " then " + otherGetsAtEnd);
    assertEquals(promotedGetsLater, promotedGetsAtEnd, "no read on the promoted replica from 2 s after the promotion: "
        + r.err() + r.out());
    // a read in flight when a Sentinel reconfigures a replica (its MULTI ends with CLIENT KILL
    // TYPE normal) fails unserved: a row's reads are its server's GETs and at most its errors more
    assertServed(otherGetsAtEnd, "ENDPOINT-" + other.hostAndPort(), r);
    assertServed(promotedGetsAtEnd, "ENDPOINT-" + promoted.hostAndPort(), r);
    long operations = 0;
    for (String op : List.of("READ", "UPDATE")) {
      for (String status : List.of("OK", "NOT_FOUND", "ERROR")) {
        operations += r.count(op, "Return=" + status);
      }
    }
    long rows = 0;
    for (RedisServer n : List.of(primary, promoted, other)) {
      rows += r.count("ENDPOINT-" + n.hostAndPort(), "Operations");
    }
    assertEquals(operations, rows, "the endpoint rows sum to the run's operations: " + r.out());
  }

  private static void assertServed(long gets, String row, YcsbProcess.Result r) {
    long reads = r.count(row, "Reads");
    assertTrue(gets <= reads && gets >= reads - r.count(row, "Errors"), row + ": " + gets + " GETs served: " + r.out());
  }

  private static RedisServer awaitEitherPromoted(List<RedisServer> replicas, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      for (RedisServer replica : replicas) {
        if (replica.tryCli(replica.cliOptions(), "ROLE").out().startsWith("master")) {
          return replica;
        }
      }
      assertTrue(System.nanoTime() < deadline, "no replica promoted within " + timeout);
      TimeUnit.MILLISECONDS.sleep(20);
    }
  }

  private static Instant awaitPromotion(RedisServer replica, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!replica.tryCli(replica.cliOptions(), "ROLE").out().startsWith("master")) {
      assertTrue(System.nanoTime() < deadline, "replica " + replica + " not promoted within " + timeout);
      TimeUnit.MILLISECONDS.sleep(20);
    }
    return Instant.now();
  }
}
