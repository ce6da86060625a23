package io.github.ycsbtiers.tiered.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.LatencySections;
import io.github.ycsbtiers.api.ResultSection;
import io.github.ycsbtiers.api.ResultSections;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.StoreDirs;
import io.github.ycsbtiers.tiered.store.TieredStore;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The asynchronous path on real stores: clients served by the store's loops, the wait kept apart
 * from the service, and the report's lines on threads and clients.
 */
class AsyncPathTest {
  private static final int CLIENTS = 8;
  private Path dir;
  private final List<TieredClient> clients = new ArrayList<>();
  /** Latencies the binding recorded: section, microseconds, thread. */
  private final List<Recorded> recorded = java.util.Collections.synchronizedList(new ArrayList<>());

  private record Recorded(String section, int micros, Thread thread) {
  }

  @BeforeEach
  void install() {
    ResultSections.clear();
    LatencySections.install((name, micros) -> recorded.add(new Recorded(name, micros, Thread.currentThread())));
  }

  @AfterEach
  void cleanUp() {
    clients.forEach(TieredClient::cleanup);
    LatencySections.install(null);
    StoreDirs.delete(dir);
    ResultSections.clear();
  }

  private TieredClient client(Medium medium, String... pairs) throws DBException {
    if (dir == null) {
      dir = StoreDirs.create(medium);
    }
    Properties p = new Properties();
    p.setProperty("tiered.medium", medium.label());
    p.setProperty("tiered.path", dir.toString());
    p.setProperty("recordcount", "100");
    p.setProperty("fieldcount", "1");
    p.setProperty("threadcount", Integer.toString(CLIENTS));
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    TieredClient c = new TieredClient();
    c.setProperties(p);
    c.init();
    clients.add(c);
    return c;
  }

  private static Map<String, ByteIterator> value(String v) {
    return new HashMap<>(Map.of("field0", new StringByteIterator(v)));
  }

  private List<Recorded> recorded(String section) {
    synchronized (recorded) {
      return recorded.stream().filter(r -> r.section().equals(section)).collect(Collectors.toList());
    }
  }

  /**
   * Runs {@code reads} reads on each client, the next one issued from the thread that completed the
   * previous one, as the runner's async engine issues them; every read must find its record.
   */
  private static void readChains(List<TieredClient> cs, int reads, int keys) throws InterruptedException {
    CountDownLatch done = new CountDownLatch(cs.size());
    List<String> problems = java.util.Collections.synchronizedList(new ArrayList<>());
    for (int c = 0; c < cs.size(); c++) {
      chain(cs.get(c), c, reads, keys, done, problems);
    }
    assertTrue(done.await(60, TimeUnit.SECONDS), "reads did not complete");
    assertEquals(List.of(), problems);
  }

  private static void chain(TieredClient c, int i, int left, int keys, CountDownLatch done, List<String> problems) {
    if (left == 0) {
      done.countDown();
      return;
    }
    String key = "user" + ((i + CLIENTS * left) % keys); // with keys a multiple of CLIENTS, each client its own
    Map<String, ByteIterator> result = new HashMap<>();
    c.readAsync("usertable", key, Set.of("field0"), result).whenComplete((s, t) -> {
      if (s != Status.OK || !result.containsKey("field0")) {
        problems.add(key + ": " + s + " " + t);
      }
      chain(c, i, left - 1, keys, done, problems);
    });
  }

  /** Eight clients' pmem reads (DRAM off: every read is one of the memory mapping) run on the two loops alone. */
  @Test
  void eightClientsRunTheirReadsOnTheLoops() throws Exception {
    for (int c = 0; c < CLIENTS; c++) {
      client(Medium.PMEM, "tiered.loops", "2", "tiered.memory", "0");
    }
    for (int k = 0; k < 48; k++) {
      assertEquals(Status.OK, clients.get(0).insertAsync("usertable", "user" + k, value("v" + k))
          .toCompletableFuture().get(10, TimeUnit.SECONDS));
    }
    recorded.clear();
    readChains(clients, 200, 48);
    List<Recorded> reads = recorded(TieredClient.READ_PERSISTENT);
    reads.addAll(recorded(TieredClient.READ_DRAM)); // a value written may stay in DRAM a moment
    assertEquals(CLIENTS * 200, reads.size());
    Set<String> threads = reads.stream().map(r -> r.thread().getName()).collect(Collectors.toSet());
    assertEquals(Set.of("tiered-loop-0", "tiered-loop-1"), threads, "threads that served the reads");
    assertEquals(CLIENTS * 200, recorded(TieredClient.STORE_WAIT).size());
    cleanUpAll();
    Map<String, Object> tier = tier();
    assertEquals(2L, tier.get("StoreLoops"));
    assertEquals((long) CLIENTS, tier.get("StoreIoThreads"));
    assertEquals((long) CLIENTS, tier.get("Clients"));
    assertEquals(0L, tier.get("StoreCallingThreads"));
  }

  /** On disk a read that misses DRAM waits for the device: it is served by the I/O pool, not the loop. */
  @Test
  void diskMissesAreServedByTheIoPool() throws Exception {
    for (int c = 0; c < 2; c++) {
      client(Medium.DISK, "tiered.loops", "1", "tiered.memory", "0");
    }
    for (int k = 0; k < 20; k++) {
      clients.get(1).insert("usertable", "user" + k, value("v" + k));
    }
    recorded.clear();
    readChains(clients, 50, 20);
    Set<String> threads = recorded(TieredClient.READ_PERSISTENT).stream().map(r -> r.thread().getName())
        .collect(Collectors.toSet());
    assertFalse(threads.isEmpty());
    assertTrue(threads.stream().allMatch(n -> n.startsWith("tiered-io-")), threads.toString());
  }

  /**
   * One loop, two clients: the first read stalls inside the store, the second arrives behind it.
   * The stall is the first's service; for the second it is waiting ({@code [STORE-WAIT]}, and what
   * its client saw), not service.
   */
  @Test
  void anOperationWaitingBehindAStallShowsItAsWaitNotService() throws Exception {
    TieredClient first = client(Medium.PMEM, "tiered.loops", "1");
    TieredClient second = client(Medium.PMEM, "tiered.loops", "1");
    first.insert("usertable", "stalled", value("a"));
    first.insert("usertable", "behind", value("b"));
    long stallMicros = 200_000;
    first.readThrough(stalling(first.store(), "stalled", stallMicros * 1000));
    recorded.clear();
    CompletableFuture<Status> a = first.readAsync("usertable", "stalled", null, new HashMap<>()).toCompletableFuture();
    long sent = System.nanoTime();
    long[] seen = new long[1];
    CompletableFuture<Status> b = second.readAsync("usertable", "behind", null, new HashMap<>())
        .whenComplete((s, t) -> seen[0] = (System.nanoTime() - sent) / 1000).toCompletableFuture();
    assertEquals(Status.OK, a.get(10, TimeUnit.SECONDS));
    assertEquals(Status.OK, b.get(10, TimeUnit.SECONDS));
    List<Integer> service = recorded(TieredClient.READ_DRAM).stream().map(Recorded::micros).sorted().toList();
    List<Integer> waits = recorded(TieredClient.STORE_WAIT).stream().map(Recorded::micros).sorted().toList();
    assertEquals(2, service.size(), recorded.toString());
    assertTrue(service.get(1) >= stallMicros, "the stalled read's service: " + service);
    assertTrue(service.get(0) < stallMicros / 4, "the read behind it has the stall in its service: " + service);
    assertTrue(waits.get(1) >= stallMicros * 3 / 4, "the read behind the stall waited only " + waits);
    assertTrue(seen[0] >= stallMicros * 3 / 4, "its client saw " + seen[0] + " us");
  }

  /** The store's reads, except that a read of {@code key} first stalls for {@code nanos} inside its service. */
  private static StoreReads stalling(TieredStore store, String key, long nanos) {
    return new StoreReads(store) {
      @Override
      byte[] lookupDram(String k) {
        if (k.equals(key)) {
          long until = System.nanoTime() + nanos;
          for (long left = nanos; left > 0; left = until - System.nanoTime()) {
            LockSupport.parkNanos(left);
          }
        }
        return super.lookupDram(k);
      }
    };
  }

  /** More threads calling the store than cores: the report says so; served by the loops, it does not. */
  @Test
  void oversubscriptionIsReportedOnTheSynchronousPathOnly() throws Exception {
    int threads = Runtime.getRuntime().availableProcessors() + 2;
    for (int c = 0; c < threads; c++) {
      client(Medium.PMEM);
    }
    clients.get(0).insert("usertable", "user0", value("x"));
    List<Thread> callers = new ArrayList<>();
    for (TieredClient c : clients) {
      Thread t = new Thread(() -> c.read("usertable", "user0", null, new HashMap<>()));
      callers.add(t);
      t.start();
    }
    for (Thread t : callers) {
      t.join();
    }
    String err = cleanUpAll();
    Map<String, Object> tier = tier();
    assertEquals(threads + 1L, tier.get("StoreCallingThreads"), "the test thread's insert and a thread per client");
    assertEquals((long) Runtime.getRuntime().availableProcessors(), tier.get("Cores"));
    assertTrue(err.contains("calling threads on") && err.contains("scheduler's time slices"), err);

    ResultSections.clear();
    for (int c = 0; c < threads; c++) {
      client(Medium.PMEM);
    }
    readChains(clients, 10, 1);
    err = cleanUpAll();
    assertEquals(0L, tier().get("StoreCallingThreads"));
    assertFalse(err.contains("scheduler"), err);
  }

  /**
   * A throttled client as the runner drives one through {@link TieredClient#eventLoop}: it waits
   * for each due time as a timer of its loop and issues its read there; the read is served on
   * that loop too, and its {@code [STORE-WAIT]} holds its queueing alone, not the wait for its due
   * time. {@code [TIER]} counts the reads issued on the loops and the timers they ran.
   */
  @Test
  void throttledReadsAreIssuedOnTheirLoopsByTimersThatAreNotStoreWait() throws Exception {
    int reads = 20;
    long delayMicros = 20_000;
    for (int c = 0; c < 4; c++) {
      client(Medium.PMEM, "tiered.loops", "2");
    }
    clients.get(0).insert("usertable", "user0", value("x"));
    assertSame(clients.get(0).eventLoop(), clients.get(2).eventLoop(), "clients 0 and 2 share loop 0");
    assertNotSame(clients.get(0).eventLoop(), clients.get(1).eventLoop());
    recorded.clear();
    CountDownLatch done = new CountDownLatch(clients.size());
    List<String> problems = java.util.Collections.synchronizedList(new ArrayList<>());
    for (int c = 0; c < clients.size(); c++) {
      timedChain(clients.get(c), "tiered-loop-" + c % 2, reads, delayMicros, done, problems);
    }
    assertTrue(done.await(60, TimeUnit.SECONDS), "reads did not complete");
    assertEquals(List.of(), problems);
    List<Recorded> served = recorded(TieredClient.READ_DRAM);
    served.addAll(recorded(TieredClient.READ_PERSISTENT));
    assertEquals(4 * reads, served.size());
    assertEquals(Set.of("tiered-loop-0", "tiered-loop-1"),
        served.stream().map(r -> r.thread().getName()).collect(Collectors.toSet()));
    List<Integer> waits = recorded(TieredClient.STORE_WAIT).stream().map(Recorded::micros).sorted().toList();
    assertEquals(4 * reads, waits.size());
    assertTrue(waits.get(waits.size() / 2) < delayMicros / 2, "a wait for the due time counted as store wait: " + waits);
    TieredClient first = clients.get(0);
    cleanUpAll();
    Map<String, Object> tier = tier();
    assertEquals(4L * reads, tier.get("StoreLoopIssued"), tier.toString());
    assertEquals(4L * reads, tier.get("StoreLoopTimers"), tier.toString());
    assertNull(first.eventLoop(), "after cleanup");
  }

  /** Reads of one client, each issued {@code delayMicros} after the previous completed, from a timer of its event loop. */
  private static void timedChain(TieredClient c, String loop, int left, long delayMicros, CountDownLatch done,
                                 List<String> problems) {
    if (left == 0) {
      done.countDown();
      return;
    }
    c.eventLoop().schedule(() -> {
      if (!Thread.currentThread().getName().equals(loop)) {
        problems.add("timer on " + Thread.currentThread().getName() + ", not " + loop);
      }
      Map<String, ByteIterator> result = new HashMap<>();
      c.readAsync("usertable", "user0", null, result).whenComplete((s, t) -> {
        if (s != Status.OK || !Thread.currentThread().getName().equals(loop)) {
          problems.add(s + " " + t + " on " + Thread.currentThread().getName());
        }
        timedChain(c, loop, left - 1, delayMicros, done, problems);
      });
    }, delayMicros, TimeUnit.MICROSECONDS);
  }

  /** Cleans every client up (the last publishes [TIER]); returns what they printed on stderr. */
  private String cleanUpAll() {
    PrintStream saved = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      clients.forEach(TieredClient::cleanup);
    } finally {
      System.setErr(saved);
    }
    clients.clear();
    return err.toString(StandardCharsets.UTF_8);
  }

  private static Map<String, Object> tier() {
    List<ResultSection> sections = ResultSections.published();
    assertEquals(1, sections.size(), sections.toString());
    return sections.get(0).values();
  }
}
