package io.github.ycsbtiers.tiered.powerloss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.ycsbtiers.testing.powercut.PowerCutFs;
import io.github.ycsbtiers.tiered.store.DataEstimate;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.MemoryBudget;
import io.github.ycsbtiers.tiered.store.StoreDirs;
import io.github.ycsbtiers.tiered.store.StoreOptions;
import io.github.ycsbtiers.tiered.store.SyncMode;
import io.github.ycsbtiers.tiered.store.WarmupMode;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Power loss, on both media: a child JVM writes through the binding (Load, updates of whole
 * records and of some fields, deletes) to a store on a {@link PowerCutFs} mount, which keeps
 * every write not yet synced in memory; the child is killed at a random point and the power is
 * cut, losing every byte not synced (or, in later rounds, all but a random part of them, as a
 * kernel's writeback in any order might have written); after a remount the reopened store must hold every
 * acknowledged write with its acknowledged value, and no acknowledged delete may come back.
 * {@code tiered.sync=always} must pass that; {@code none} promises only to survive the process's
 * death, which is tested as such, and its loss of acknowledged writes in a power cut is asserted,
 * which shows that the check can fail. {@code -Dpowerloss.seed=N} replays a run's random points.
 */
class PowerLossIT {
  private static final int THREADS = 4;
  private static final int KEYS_PER_THREAD = 300;
  private static final int ROUNDS = 3;
  private static final long SEED = Long.getLong("powerloss.seed", System.nanoTime());
  private static final long TIMEOUT_SECONDS = 60;

  private Path dir;
  private Path backing;
  private Path mnt;
  private PowerCutFs fs;
  private Process worker;

  @BeforeEach
  void mount() throws IOException {
    dir = Files.createTempDirectory("tiered-powerloss-");
    backing = Files.createDirectory(dir.resolve("backing"));
    mnt = Files.createDirectory(dir.resolve("mnt"));
    Files.createDirectory(dir.resolve("tmp"));
    fs = PowerCutFs.mount(backing, mnt);
  }

  @AfterEach
  void cleanUp() throws InterruptedException {
    try {
      if (worker != null && worker.isAlive()) {
        worker.destroyForcibly();
        worker.waitFor(30, TimeUnit.SECONDS);
      }
    } finally {
      try {
        fs.close();
      } finally {
        StoreDirs.delete(dir);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Medium.class)
  void syncAlwaysKeepsEveryAcknowledgedWriteThroughPowerCuts(Medium medium) throws Exception {
    Random random = new Random(SEED + medium.ordinal());
    Map<String, String> known = Map.of();
    for (int round = 0; round < ROUNDS; round++) {
      // the first cut lands in the Load and loses every unsynced byte; the others land among
      // updates and deletes and let a random part of the unsynced pages reach the medium
      long afterAcks = round == 0 ? 1 + random.nextInt(THREADS * KEYS_PER_THREAD - 1) : -1;
      int keepPermille = round == 0 ? 0 : round == 1 ? 500 : 1 + random.nextInt(999);
      // at least 150 ms among updates and deletes, so that each kind of write is acknowledged
      Round r = round(medium, SyncMode.ALWAYS, round, known, afterAcks, 150 + random.nextInt(850), keepPermille,
          random.nextLong());
      assertTrue(r.verdict.holds(), r.where + ", " + r.log.acks() + " writes acknowledged: " + r.verdict.describe());
      // msync (pmem) and fsync (disk) reached the file system's sync, and it persisted data
      assertTrue(r.stats.fsyncs() > 0 && r.stats.persistedBytes() > 0, r.where + ": " + r.stats);
      if (round > 0) {
        for (String kind : List.of("update", "update-some", "delete")) {
          assertTrue(r.log.kinds().getOrDefault(kind, 0L) > 0, r.where + ": no " + kind + " acknowledged");
        }
      }
      System.out.printf("%s: acknowledged %s, %d in flight; after the cut all %d keys as acknowledged; %s%s%n",
          r.where, r.log.kinds(), r.log.pending().size(), r.verdict.checked(), r.stats, r.cut);
      known = r.verdict.found();
    }
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Medium.class)
  void syncNoneLosesAcknowledgedWritesInAPowerCut(Medium medium) throws Exception {
    Random random = new Random(SEED + 10 + medium.ordinal());
    // a durable Load first, so that what sync=none then loses shows as updates and deletes undone
    Round durable = round(medium, SyncMode.ALWAYS, 0, Map.of(), -1, random.nextInt(300), 0, 0);
    assertTrue(durable.verdict.holds(), durable.where + ": " + durable.verdict.describe());
    Round r = round(medium, SyncMode.NONE, 1, durable.verdict.found(), -1, 200 + random.nextInt(600), 0, 0);
    DurabilityCheck.Verdict v = r.verdict;
    assertFalse(v.holds(), r.where + ": the power cut lost none of " + r.log.acks() + " acknowledged unsynced "
        + "writes, so the test could not tell sync=always from none");
    assertTrue(v.stale() > 0 && v.resurrected() > 0, r.where + ", acknowledged " + r.log.kinds()
        + ": expected lost updates and deletes: " + v.describe());
    System.out.printf("%s: acknowledged %s; the cut undid them: %s%n", r.where, r.log.kinds(), v.describe());
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Medium.class)
  void syncNoneKeepsEveryAcknowledgedWriteWhenOnlyTheProcessDies(Medium medium) throws Exception {
    Random random = new Random(SEED + 20 + medium.ordinal());
    Round r = round(medium, SyncMode.NONE, 0, Map.of(), -1, random.nextInt(800), -1, 0);
    assertTrue(r.verdict.holds(), r.where + ", " + r.log.acks() + " writes acknowledged: " + r.verdict.describe());
    System.out.printf("%s: acknowledged %s, all %d keys as acknowledged%n", r.where, r.log.kinds(),
        r.verdict.checked());
  }

  /** One round's outcome. */
  private record Round(String where, AckLog log, PowerCutFs.Stats stats, String cut,
                       DurabilityCheck.Verdict verdict) {
  }

  /**
   * Runs a worker, SIGKILLs it at the cut point, cuts the power (unless {@code keepPermille} is
   * negative: then the process's death is all), remounts, and checks the store.
   */
  private Round round(Medium medium, SyncMode sync, int round, Map<String, String> known, long afterAcks,
                      long delayMillis, int keepPermille, long cutSeed) throws Exception {
    String where = medium.label() + " round " + round + " (sync=" + sync.label() + ", seed " + SEED + ", killed "
        + (afterAcks > 0 ? "after " + afterAcks + " acknowledged writes" : delayMillis + " ms after the Load")
        + (keepPermille < 0 ? ", no power cut" : ", power cut keeping " + keepPermille + "/1000 unsynced pages")
        + ")";
    AckLog log = runAndKill(medium, sync, round, known, afterAcks, delayMillis, where);
    where += readPath(medium, dir.resolve("worker-" + round + ".err"));
    assertEquals(List.of(), log.failures(), where);
    PowerCutFs.Stats stats = fs.stats();
    String cut = "";
    if (keepPermille == 0) {
      fs.powerCut();
    } else if (keepPermille > 0) {
      cut = ", " + fs.powerCut(cutSeed, keepPermille);
    }
    if (keepPermille >= 0) {
      fs = PowerCutFs.mount(backing, mnt);
    }
    DurabilityCheck.Verdict verdict = DurabilityCheck.check(options(medium), log.acked(), log.pending());
    return new Round(where, log, stats, cut, verdict);
  }

  /**
   * How the disk tier read its files in this round, from the worker's start-up lines: with direct
   * I/O, or through the page cache because the file system refused O_DIRECT.
   */
  private static String readPath(Medium medium, Path stderr) throws java.io.IOException {
    if (medium != Medium.DISK) {
      return "";
    }
    String err = java.nio.file.Files.readString(stderr);
    if (err.contains("disk reads bypass the OS page cache (direct I/O)")) {
      return " [direct I/O]";
    }
    if (err.contains("cannot do direct I/O (O_DIRECT)")) {
      return " [page cache: the file system refuses O_DIRECT]";
    }
    throw new AssertionError("the worker did not say how the disk tier reads: " + err);
  }

  /**
   * Runs a worker until the cut point, then SIGKILLs it: after {@code afterAcks} acknowledged
   * writes when that is positive, else {@code delayMillis} after every thread finished its Load.
   */
  private AckLog runAndKill(Medium medium, SyncMode sync, int round, Map<String, String> known,
                            long afterAcks, long delayMillis, String where) throws Exception {
    Path stderr = dir.resolve("worker-" + round + ".err");
    worker = new ProcessBuilder(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
        "-XX:+UseSerialGC", "-Djava.io.tmpdir=" + dir.resolve("tmp"),
        "-cp", System.getProperty("java.class.path"), PowerLossWorker.class.getName(),
        medium.label(), storePath().toString(), sync.label(), Integer.toString(THREADS),
        Integer.toString(KEYS_PER_THREAD), Integer.toString(round), Long.toString(SEED)))
        .redirectError(stderr.toFile()).redirectInput(new File("/dev/null")).start();
    AckLog log = new AckLog(known);
    Process child = worker;
    CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> log.read(child.getInputStream()));
    try {
      if (!log.awaitReady(TIMEOUT_SECONDS)) {
        fail(where + ": the worker did not open the store: " + tail(stderr));
      }
      LongSupplier loadedAt = () -> log.loaded() == THREADS ? System.nanoTime() : -1;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
      long loaded = -1;
      while (true) {
        if (!worker.isAlive()) {
          fail(where + ": the worker died before the cut: " + log.failures() + " " + tail(stderr));
        }
        if (System.nanoTime() > deadline) {
          fail(where + ": the cut point was not reached in " + TIMEOUT_SECONDS + " s (" + log.acks()
              + " acknowledged writes)");
        }
        if (afterAcks > 0 ? log.acks() >= afterAcks
            : (loaded = loaded >= 0 ? loaded : loadedAt.getAsLong()) >= 0
                && System.nanoTime() - loaded >= TimeUnit.MILLISECONDS.toNanos(delayMillis)) {
          break;
        }
        Thread.sleep(1);
      }
      // SIGKILL through the handle: Process.destroyForcibly would also close our end of its stdout
      worker.toHandle().destroyForcibly();
      assertTrue(worker.waitFor(30, TimeUnit.SECONDS), where + ": the worker outlived SIGKILL");
      reader.get(30, TimeUnit.SECONDS); // every line it wrote before it died
    } finally {
      worker.destroyForcibly();
    }
    assertTrue(log.acks() > 0, where + ": nothing was acknowledged: " + tail(stderr));
    return log;
  }

  private Path storePath() {
    return mnt.resolve("store");
  }

  private StoreOptions options(Medium medium) {
    return StoreOptions.builder().medium(medium).path(storePath()).sync(SyncMode.ALWAYS)
        .estimate(new DataEstimate((long) THREADS * KEYS_PER_THREAD, 12,
            3 + Records.FIELDS * (6 + 6 + Records.FIELD_BYTES)))
        .budget(MemoryBudget.ofBytes(0)).warmup(WarmupMode.NONE).build();
  }

  private static String tail(Path file) {
    try {
      String s = Files.readString(file, StandardCharsets.UTF_8);
      return s.length() <= 3000 ? s : "..." + s.substring(s.length() - 3000);
    } catch (IOException e) {
      return "(no stderr: " + e.getMessage() + ")";
    }
  }
}
