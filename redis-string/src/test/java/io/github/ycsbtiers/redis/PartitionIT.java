package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.FaultRuns.THREADS;
import static io.github.ycsbtiers.redis.FaultRuns.assertOutage;
import static io.github.ycsbtiers.redis.FaultRuns.assertWaitsBounded;
import static io.github.ycsbtiers.redis.FaultRuns.awaitCommands;
import static io.github.ycsbtiers.redis.FaultRuns.highestRateAfter;
import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.redis.FaultRuns.Fault;
import io.github.ycsbtiers.redis.FaultRuns.Mode;
import io.github.ycsbtiers.testing.NetworkNamespace;
import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A network partition, which a kill does not show: the server runs in a network namespace of its
 * own ({@link NetworkNamespace}), and the link to it is cut for 3 s mid-run, then healed. Nothing
 * closes or resets the connections; only the client's timeouts notice. For every client and
 * engine: the run completes with exit 0, no operation waits past {@code redis.timeout} plus the
 * backoff cap, {@code [OUTAGE]} covers the partition, and operations go on after the heal (how
 * soon the rate is back is a figure of the machine: bench/outage.sh). A server behind a link that is down from the start (an
 * address that does not answer) is refused at start-up with one line, within the timeout. One
 * server, in one namespace, loaded once, serves every test; each heals the link it cut.
 *
 * <p>The runs last 8 s, the cut a tenth of a second of operations in: their length, not their
 * rate, is what leaves room for a busy machine, and a throttled run's CPU is mostly its operations.
 */
class PartitionIT {
  private static final int TIMEOUT_MILLIS = 1000;
  private static final int TARGET = 1500;
  // longer than an operation may wait (FaultRuns.waitBoundMillis), so one that waited out the cut fails
  private static final long CUT_MILLIS = 3000;
  private static final List<String> COMMON = args("-P", "workloads/workloada", "-p", "recordcount=8000",
      "-p", "fieldcount=1", "-p", "fieldlength=100", "-threads", Integer.toString(THREADS));

  private static NetworkNamespace ns;
  private static RedisServer server;

  @BeforeAll
  static void startAndLoad() {
    ns = NetworkNamespace.create();
    server = RedisServer.builder().inNamespace(ns).start();
    YcsbRuns.assertCompleted(YcsbRuns.ycsb("load", Mode.LETTUCE_ASYNC.target(server), COMMON));
  }

  @AfterAll
  static void stop() {
    try {
      if (server != null) {
        server.close();
      }
    } finally {
      if (ns != null) {
        ns.close();
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void aThreeSecondPartitionIsAnOutageTheRunSurvives(Mode mode) throws Exception {
    List<String> run = new ArrayList<>(COMMON);
    run.addAll(args("-p", "operationcount=" + 8 * TARGET, "-target", Integer.toString(TARGET),
        "-s", "-p", "status.interval=1"));
    CompletableFuture<YcsbProcess.Result> running = CompletableFuture.supplyAsync(() -> YcsbRuns.ycsb("run",
        mode.target(server, "-p", "redis.timeout=" + TIMEOUT_MILLIS), run));
    awaitCommands(server, TARGET / 10, running);
    Instant cut = Instant.now();
    ns.cut();
    try {
      Thread.sleep(CUT_MILLIS);
    } finally {
      ns.heal();
    }
    Fault partition = new Fault(cut, Instant.now());
    YcsbProcess.Result r = running.get(2, TimeUnit.MINUTES);

    assertEquals(0, r.status(), r.err());
    long errors = r.count("READ", "Return=ERROR") + r.count("UPDATE", "Return=ERROR");
    assertOutage(r, errors, partition);
    assertWaitsBounded(r, TIMEOUT_MILLIS);
    // the clients went on after the heal (how fast they got back to the target is bench/outage.sh's)
    double after = highestRateAfter(r.err(), partition.ended().plusMillis(2000));
    assertTrue(after > 0, "no operation from 2 s after the heal:\n" + r.err());
  }

  /** An address that does not answer (SYNs dropped) fails the run at start-up, never hangs it. */
  @ParameterizedTest
  @EnumSource(names = {"JEDIS_SYNC", "LETTUCE_ASYNC", "NETTY_ASYNC"})
  void aServerThatDoesNotAnswerIsRefusedAtStartUp(Mode mode) throws Exception {
    ns.cut();
    try {
      long started = System.nanoTime();
      YcsbProcess.Result r = YcsbRuns.ycsb("run", mode.target(server, "-p", "redis.timeout=" + TIMEOUT_MILLIS),
          args("-P", "workloads/workloadc", "-p", "recordcount=100", "-p", "operationcount=100"));
      Duration took = Duration.ofNanos(System.nanoTime() - started);
      assertNotEquals(0, r.status(), r.out());
      assertFalse(r.err().contains("\tat "), r.err());
      List<String> errors = r.err().lines().filter(l -> l.startsWith("error:")).toList();
      assertFalse(errors.isEmpty(), r.err());
      assertTrue(errors.get(0).contains(ns.address()), errors.get(0));
      // the client's connect timeout is redis.timeout, with at least 5 s for a first hand-shake;
      // without one, the kernel gives up on a SYN that is never answered after about 127 s. The
      // rest is the JVM's start (28 s seen at a load average of 20 on 2 cores)
      assertTrue(took.toMillis() < 60_000, "refused after " + took + ":\n" + r.err());
      assertEquals(0, r.count("READ", "Return=OK"), r.out());
    } finally {
      ns.heal();
    }
  }
}
