package io.github.ycsbtiers.tiered.powerloss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.ycsbtiers.testing.powercut.PowerCutFs;
import io.github.ycsbtiers.testing.powercut.PowerCutFs.DirectorySyncs;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * The power-loss test's machinery: a {@link PowerCutFs} mount, a {@link PowerLossWorker} child
 * JVM writing to a store on it, killed at a chosen point, the power cut, and the reopened store
 * checked ({@link DurabilityCheck}). One rig per test; {@link #close()} kills the worker, unmounts
 * and deletes everything, also after a failure. A {@link Mutation} breaks the store or the file
 * system on purpose, for the tests that show the check then fails.
 */
final class PowerLossRig implements AutoCloseable {
  static final int THREADS = 4;
  static final int KEYS_PER_THREAD = 300;
  static final long SEED = Long.getLong("powerloss.seed", System.nanoTime());
  private static final long TIMEOUT_SECONDS = 60;

  /** What is broken on purpose. */
  enum Mutation {
    NONE,
    /** The store acknowledges writes under {@code sync=always} without syncing them. */
    STORE_SKIPS_SYNC,
    /** The file system persists nothing on an fsync of a directory. */
    DIRECTORY_SYNCS_IGNORED
  }

  /** One round's outcome. */
  record Round(String where, AckLog log, PowerCutFs.Stats stats, String cut, DurabilityCheck.Verdict verdict) {
  }

  private final Mutation mutation;
  /** The worker's extra arguments: binding properties ({@code name=value}) and {@link PowerLossWorker#SMALL_MAP}. */
  private final List<String> workerOptions;
  private final Path dir;
  private final Path backing;
  private final Path mnt;
  private PowerCutFs fs;
  private Process worker;
  private Predicate<Map<String, Long>> cutOnlyOnce = f -> true;
  private String cutOnlyOnceSays = "";

  PowerLossRig(Mutation mutation) throws IOException {
    this(mutation, List.of());
  }

  /**
   * @param workerOptions the worker's extra arguments: binding properties ({@code name=value}, such as
   *     {@code tiered.rocksdb.write_buffer_size=65536}) and {@code small-map=N}
   */
  PowerLossRig(Mutation mutation, List<String> workerOptions) throws IOException {
    this.mutation = mutation;
    this.workerOptions = List.copyOf(workerOptions);
    this.dir = Files.createTempDirectory("tiered-powerloss-");
    this.backing = Files.createDirectory(dir.resolve("backing"));
    this.mnt = Files.createDirectory(dir.resolve("mnt"));
    Files.createDirectory(dir.resolve("tmp"));
    try {
      this.fs = mount();
    } catch (RuntimeException e) {
      StoreDirs.delete(dir);
      throw e;
    }
  }

  /**
   * Makes the store's directory on the medium behind the file system's back, durable before the
   * first mount: the store's own sync of its parent then has nothing to do.
   */
  void makeStoreDirectoryDurable() throws IOException {
    Files.createDirectory(backing.resolve(storePath().getFileName()));
    fs.close();
    fs = mount();
  }

  @Override
  public void close() throws InterruptedException {
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

  private PowerCutFs mount() {
    return PowerCutFs.mount(backing, mnt, mutation == Mutation.DIRECTORY_SYNCS_IGNORED
        ? DirectorySyncs.IGNORED : DirectorySyncs.HONOURED);
  }

  /**
   * Runs a worker, SIGKILLs it at the cut point, cuts the power (unless {@code keepPermille} is
   * negative: then the process's death is all), remounts, and checks the store.
   */
  Round round(Medium medium, SyncMode sync, int round, Map<String, String> known, long afterAcks,
              long delayMillis, int keepPermille, long cutSeed) throws Exception {
    String where = medium.label() + " round " + round + " (sync=" + sync.label() + ", seed " + SEED + ", killed "
        + (afterAcks > 0 ? "after " + afterAcks + " acknowledged writes" : delayMillis + " ms after the Load")
        + (keepPermille < 0 ? ", no power cut" : ", power cut keeping " + keepPermille + "/1000 unsynced pages")
        + (mutation == Mutation.NONE ? "" : ", mutation " + mutation)
        + (workerOptions.isEmpty() ? "" : ", " + String.join(" ", workerOptions)) + ")";
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
      fs = mount();
    }
    DurabilityCheck.Verdict verdict = DurabilityCheck.check(options(medium), log.acked(), log.pending());
    return new Round(where, log, stats, cut, verdict);
  }

  /**
   * How the disk tier read its files in this round, from the worker's start-up lines: with direct
   * I/O, or through the page cache because the file system refused O_DIRECT.
   */
  private static String readPath(Medium medium, Path stderr) throws IOException {
    if (medium != Medium.DISK) {
      return "";
    }
    String err = Files.readString(stderr);
    if (err.contains("disk reads bypass the OS page cache (direct I/O)")) {
      return " [direct I/O]";
    }
    if (err.contains("cannot do direct I/O (O_DIRECT)")) {
      return " [page cache: the file system refuses O_DIRECT]";
    }
    throw new AssertionError("the worker did not say how the disk tier reads: " + err);
  }

  /** Starts a worker writing to the store; {@code log} reads what it says, on the returned future. */
  private CompletableFuture<Void> startWorker(Medium medium, SyncMode sync, int round, Path stderr, AckLog log)
      throws IOException {
    // C1 alone, as bin/ycsb in the tests (pom.xml's child.java.opts): a worker lives a second or
    // two, in which C2's compilations cost more CPU than they save; what it must do is write and
    // acknowledge, not write fast, and every cut point waits for acknowledgements or figures
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
        "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Djava.io.tmpdir=" + dir.resolve("tmp"),
        "-cp", System.getProperty("java.class.path"), PowerLossWorker.class.getName(),
        medium.label(), storePath().toString(), sync.label(), Integer.toString(THREADS),
        Integer.toString(KEYS_PER_THREAD), Integer.toString(round), Long.toString(SEED)));
    if (mutation == Mutation.STORE_SKIPS_SYNC) {
      command.add(PowerLossWorker.SKIP_SYNC);
    }
    command.addAll(workerOptions);
    worker = new ProcessBuilder(command).redirectError(stderr.toFile()).redirectInput(new File("/dev/null")).start();
    Process child = worker;
    return CompletableFuture.runAsync(() -> log.read(child.getInputStream()));
  }

  /**
   * A round whose power goes during a sync: once every thread finished its Load, the file system is
   * armed to cut during the {@code nthSync}-th sync of a file with unsynced pages from then on,
   * persisting each {@code unitBytes} of that sync's pages with probability {@code keepPermille}/1000
   * ({@link PowerCutFs#armCutInSync}); the sync never returns, the worker's write waiting on it fails
   * (its thread stops writing) and the worker is then SIGKILLed; after a remount the store is checked.
   */
  Round roundCutInSync(Medium medium, int round, Map<String, String> known, long nthSync, int keepPermille,
                       long cutSeed, int unitBytes) throws Exception {
    String where = medium.label() + " round " + round + " (sync=always, seed " + SEED + ", power cut during sync no. "
        + nthSync + " after the Load, keeping " + keepPermille + "/1000 of its " + unitBytes + "-byte units"
        + (mutation == Mutation.NONE ? "" : ", mutation " + mutation)
        + (workerOptions.isEmpty() ? "" : ", " + String.join(" ", workerOptions)) + ")";
    Path stderr = dir.resolve("worker-" + round + ".err");
    AckLog log = new AckLog(known);
    CompletableFuture<Void> reader = startWorker(medium, SyncMode.ALWAYS, round, stderr, log);
    PowerCutFs.Stats stats;
    PowerCutFs.SyncCutReport cut;
    try {
      if (!log.awaitReady(TIMEOUT_SECONDS)) {
        fail(where + ": the worker did not open the store: " + tail(stderr));
      }
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
      while (log.loaded() < THREADS) {
        if (!worker.isAlive() || System.nanoTime() > deadline) {
          fail(where + ": the Load did not finish: " + log.failures() + " " + tail(stderr));
        }
        Thread.sleep(1);
      }
      stats = fs.stats();
      fs.armCutInSync(cutSeed, keepPermille, nthSync, unitBytes);
      cut = fs.awaitCutInSync(java.time.Duration.ofSeconds(TIMEOUT_SECONDS));
      if (cut == null) {
        fail(where + ": no sync tripped the armed cut in " + TIMEOUT_SECONDS + " s (" + log.acks() + " acknowledged)");
      }
      worker.toHandle().destroyForcibly();
      assertTrue(worker.waitFor(30, TimeUnit.SECONDS), where + ": the worker outlived SIGKILL");
      reader.get(30, TimeUnit.SECONDS);
    } finally {
      worker.destroyForcibly();
    }
    where += readPath(medium, stderr);
    // the only lines allowed besides try and ack: writes that failed because the power went
    for (String f : log.failures()) {
      assertTrue(f.startsWith("fail "), where + ": " + f);
    }
    fs = mount();
    DurabilityCheck.Verdict verdict = DurabilityCheck.check(options(medium), log.acked(), log.pending());
    return new Round(where, log, stats, ", " + cut, verdict);
  }

  /**
   * From the next round on, the cut point also waits until the worker's printed figures satisfy
   * {@code figures} ({@code says} names it in messages): the work a test wants cut through (a
   * flush, a map growth) happens by data volume, and a busy machine may not have printed it
   * yet when a delay chosen in milliseconds runs out.
   */
  void cutOnlyOnce(Predicate<Map<String, Long>> figures, String says) {
    cutOnlyOnce = figures;
    cutOnlyOnceSays = says;
  }

  /**
   * Runs a worker until the cut point, then SIGKILLs it: after {@code afterAcks} acknowledged
   * writes when that is positive, else {@code delayMillis} after every thread finished its Load;
   * in both cases not before the figures satisfy {@link #cutOnlyOnce}.
   */
  private AckLog runAndKill(Medium medium, SyncMode sync, int round, Map<String, String> known,
                            long afterAcks, long delayMillis, String where) throws Exception {
    Path stderr = dir.resolve("worker-" + round + ".err");
    AckLog log = new AckLog(known);
    CompletableFuture<Void> reader = startWorker(medium, sync, round, stderr, log);
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
              + " acknowledged writes" + cutOnlyOnceSays + ", store figures " + log.figures() + ")");
        }
        if ((afterAcks > 0 ? log.acks() >= afterAcks
            : (loaded = loaded >= 0 ? loaded : loadedAt.getAsLong()) >= 0
                && System.nanoTime() - loaded >= TimeUnit.MILLISECONDS.toNanos(delayMillis))
            && cutOnlyOnce.test(log.figures())) {
          break;
        }
        Thread.sleep(1);
      }
      // SIGKILL through the handle: Process.destroyForcibly would also close our end of its stdout
      log.killedAt(System.nanoTime());
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
