package io.github.ycsbtiers.tiered.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.YcsbProcess;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.StoreDirs;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Through bin/ycsb: {@code -threads 8} on {@code tiered} runs on the async engine, its clients
 * served by the store's loops, with the queueing in {@code [STORE-WAIT]} and the loops and clients
 * in {@code [TIER]}; on the sync engine with more threads than cores, the run says that its tail
 * may be the scheduler's. Throttled ({@code -target}), each client waits for its due times as a
 * timer of its store loop and its operations are issued there, at the rate asked.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServedClientsIT {
  private static final String CORES = Integer.toString(Runtime.getRuntime().availableProcessors());
  private Path dir;

  @BeforeAll
  void load() {
    dir = StoreDirs.create(Medium.PMEM);
    Ycsb.completed("load", "load", args("8"));
  }

  @AfterAll
  void deleteStore() {
    StoreDirs.delete(dir);
  }

  private String[] args(String threads, String... more) {
    String[] base = {"-p", "recordcount=20000", "-p", "operationcount=20000", "-p", "tiered.medium=pmem",
        "-p", "tiered.path=" + dir, "-p", "tiered.ratio=1:4", "-threads", threads};
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
  }

  @Test
  void eightThreadsAreEightClientsOfTheStoresLoops() {
    YcsbProcess.Result r = Ycsb.completed("run", "uniform-read", args("8"));
    assertTrue(r.err().contains("runner.engine=auto: async"), r.err());
    assertEquals(20000, r.count("READ", "Operations"));
    assertEquals(20000, r.count("STORE-WAIT", "Operations"), r.out());
    assertEquals(20000, r.count("READ-DRAM", "Operations") + r.count("READ-PERSISTENT", "Operations"), r.out());
    assertEquals(Double.parseDouble(CORES), Ycsb.tier(r, "StoreLoops"));
    assertEquals(Double.parseDouble(CORES), Ycsb.tier(r, "Cores"));
    assertEquals(8, Ycsb.tier(r, "StoreIoThreads"));
    assertEquals(8, Ycsb.tier(r, "Clients"));
    assertEquals(0, Ycsb.tier(r, "StoreCallingThreads"));
    assertFalse(r.err().contains("scheduler's time slices"), r.err());
    // what the store's threads used: inside the client process's CPU, its busiest loop at most a core
    double store = Ycsb.tier(r, "StoreCpuCores");
    double process = Double.parseDouble(r.metric("CLIENT", "CoresUsed"));
    assertTrue(store > 0 && store <= process * 1.1 + 0.05, "store " + store + " of the process's " + process);
    double loop = Ycsb.tier(r, "ServerThreadCores");
    assertTrue(loop > 0 && loop <= 1.05, "busiest loop " + loop + ":\n" + r.out());
    assertEquals("store-loop", r.metric("TIER", "ServerThread"));
    // and the verdict had them, the client's own cores being the rest of the process's
    assertEquals(r.metric("TIER", "StoreCpuCores"), r.metric("BOTTLENECK", "StoreCpuCores"), r.out());
    assertEquals(r.metric("TIER", "ServerThreadCores"), r.metric("BOTTLENECK", "ServerThreadCores"), r.out());
    assertEquals(Math.max(0, process - store), Double.parseDouble(r.metric("BOTTLENECK", "ClientOwnCores")), 0.002);
    assertTrue(List.of("client-bound", "server-bound", "device-bound", "none found")
        .contains(r.metric("BOTTLENECK", "Verdict")), r.out());
  }

  /**
   * Under {@code -target} the async engine waits for each client's due time on the loop that serves
   * it (the binding's {@code eventLoop()}) and issues the operation there: every measured read was
   * issued by a loop's thread, from a loop's timer or as the client's previous read completed there,
   * and the run does not outpace its rate. (Whether it keeps up with the rate is the machine's: at a
   * load average of 18 it ran 3,417 ops/s for 4,000; that figure is bench/ab-throttled.sh's.)
   */
  @Test
  void throttledClientsAreIssuedOnTheirLoopsAtTheTargetRate() {
    int target = 4000;
    YcsbProcess.Result r = Ycsb.completed("run", "uniform-read",
        args("8", "-target", Integer.toString(target), "-p", "operationcount=8000"));
    assertEquals(8000, r.count("READ", "Operations"));
    assertEquals(8000, Ycsb.tier(r, "StoreLoopIssued"), "reads issued on the loops' threads:\n" + r.out());
    double timers = Ycsb.tier(r, "StoreLoopTimers");
    assertTrue(timers > 0 && timers <= 8000 + 8, "loop timers " + timers);
    double rate = Double.parseDouble(r.metric("OVERALL", "Throughput(ops/sec)"));
    assertTrue(rate > 0 && rate <= target * 1.1, "ran at " + rate + " ops/s for a target of " + target);
  }

  @Test
  void moreSyncThreadsThanCoresAreSaidToReachTheTail() {
    String threads = Integer.toString(Runtime.getRuntime().availableProcessors() + 2);
    YcsbProcess.Result r = Ycsb.completed("run", "uniform-read", args(threads, "-p", "runner.engine=sync"));
    assertEquals(Double.parseDouble(threads), Ycsb.tier(r, "StoreCallingThreads"));
    assertEquals(0, Ycsb.tier(r, "StoreLoops"));
    assertNull(r.metric("STORE-WAIT", "Operations"), r.out());
    // no loops, no busiest loop: the store's operations ran on the client's threads
    assertNull(r.metric("TIER", "ServerThreadCores"), r.out());
    assertNull(r.metric("BOTTLENECK", "ServerThreadCores"), r.out());
    assertTrue(r.err().contains("tiered: store operations ran on " + threads + " calling threads on " + CORES
        + " cores: latencies above the p99 may include the scheduler's time slices"), r.err());
  }
}
