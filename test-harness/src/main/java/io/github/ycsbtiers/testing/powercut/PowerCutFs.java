package io.github.ycsbtiers.testing.powercut;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A mounted {@code powercutfs}: a FUSE file system over {@code backing} that keeps every write in
 * memory until the file is synced. {@link #powerCut()} kills the file system process, which loses
 * every byte not synced, and unmounts; mounting the same backing directory again shows what was
 * synced and nothing else ({@link #powerCut(long, int)}: and a random part of what was not).
 * Names wait for a sync too: a change to a directory's entries (create, mkdir, symlink, unlink,
 * rmdir, rename) is durable once that directory is fsync'ed ({@link #syncDirectory}), and a new
 * file's own entry also once the file itself is fsync'ed (what ext4 promises); a cut rolls every
 * directory back to its entries at its last sync. {@link #close()} unmounts, also dropping what
 * was not synced. Hard links, and moving a directory to another parent, are refused. Not
 * thread-safe; one mount per mount point.
 */
public final class PowerCutFs implements AutoCloseable {
  public static final String TYPE = "fuse.powercutfs";
  private static final String STATS_FILE = ".powercutfs-stats";
  private static final String CTL_FILE = ".powercutfs-ctl";
  private static final Pattern CUT_LINE = Pattern.compile("cut: (\\d+) unsynced (?:pages|512-byte sectors) reached the backing files, "
      + "(\\d+) lost; (\\d+) directories' unsynced entries reached them, (\\d+) lost");
  private static final Pattern SYNC_CUT_LINE = Pattern.compile("cut during a sync of (\\S+): (\\d+) of its unsynced"
      + " (\\d+)-byte units reached the backing file, (\\d+) lost");
  private static final Duration TIMEOUT = Duration.ofSeconds(15);
  /** The unit of loss: a whole 4 KiB page, or a 512-byte sector of one (a torn page). */
  public static final int PAGE_BYTES = 4096;
  public static final int SECTOR_BYTES = 512;

  private final Path backing;
  private final Path mountPoint;
  private final Path log;
  private final Process daemon;
  private boolean up;

  private PowerCutFs(Path backing, Path mountPoint, Path log, Process daemon) {
    this.backing = backing;
    this.mountPoint = mountPoint;
    this.log = log;
    this.daemon = daemon;
    this.up = true;
  }

  /** What an fsync of a directory does. */
  public enum DirectorySyncs {
    /** It makes the directory's entries durable. */
    HONOURED,
    /** It persists nothing: a file system that ignores directory syncs (for mutation tests). */
    IGNORED
  }

  /** Mounts {@code backing} (an existing directory) at {@code mountPoint} (an existing, empty directory). */
  public static PowerCutFs mount(Path backing, Path mountPoint) {
    return mount(backing, mountPoint, DirectorySyncs.HONOURED);
  }

  /** As {@link #mount(Path, Path)}, with directory syncs honoured or ignored. */
  public static PowerCutFs mount(Path backing, Path mountPoint, DirectorySyncs directorySyncs) {
    Path binary = FsBinary.get();
    Path mnt;
    Path back;
    try {
      mnt = mountPoint.toRealPath();
      back = backing.toRealPath();
    } catch (IOException e) {
      throw new UncheckedIOException("the backing directory and the mount point must exist", e);
    }
    if (MountTable.isMounted(mnt)) {
      throw new IllegalStateException(mnt + " is already a mount point");
    }
    Path log = binary.resolveSibling("powercutfs-" + System.nanoTime() + ".log");
    Process p;
    try {
      List<String> command = new ArrayList<>(List.of(binary.toString()));
      if (directorySyncs == DirectorySyncs.IGNORED) {
        command.add("--ignore-dirsync");
      }
      command.addAll(List.of(back.toString(), mnt.toString(), "-f", "-s",
          "-o", "auto_unmount,fsname=powercutfs,subtype=powercutfs"));
      p = new ProcessBuilder(command)
          .redirectErrorStream(true).redirectOutput(log.toFile())
          .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + binary, e);
    }
    PowerCutFs fs = new PowerCutFs(back, mnt, log, p);
    MountRegistry.track(fs);
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    while (!MountTable.isMounted(mnt)) {
      if (!p.isAlive() || System.nanoTime() > deadline) {
        String why = p.isAlive() ? "not mounted within " + TIMEOUT : "exited with status " + p.exitValue();
        fs.powerCut();
        throw new IllegalStateException("powercutfs " + why + " (mount " + mnt + "): " + fs.logText());
      }
      sleep(10);
    }
    return fs;
  }

  public Path mountPoint() {
    return mountPoint;
  }

  public Path backing() {
    return backing;
  }

  /** The file system process. */
  public ProcessHandle process() {
    return daemon.toHandle();
  }

  public boolean isMounted() {
    return up && MountTable.isMounted(mountPoint);
  }

  /**
   * The file system's counters since it was mounted. The file system writes the counters' text
   * anew at each read, so they are taken with one read: a second one, which a reader makes to find
   * the end, may return the tail of a newer, longer text (a counter grew a digit in between).
   */
  public Stats stats() {
    try (java.io.InputStream in = Files.newInputStream(mountPoint.resolve(STATS_FILE))) {
      byte[] buf = new byte[8192];
      int n = in.read(buf);
      String text = n <= 0 ? "" : new String(buf, 0, n, StandardCharsets.US_ASCII);
      Map<String, Long> v = new HashMap<>();
      for (String line : text.split("\n")) {
        String[] kv = line.split(" ");
        v.put(kv[0], Long.parseLong(kv[1]));
      }
      return new Stats(v.get("writes"), v.get("write_bytes"), v.get("fsyncs"), v.get("persisted_bytes"),
          v.get("truncates"), v.get("dirsyncs"), v.get("unsynced_dirs"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the counters of " + mountPoint, e);
    }
  }

  /**
   * Power loss: SIGKILL of the file system process, so every byte not synced is lost, then the
   * mount is gone (its auto_unmount, or a lazy unmount) and the process and its helper have exited.
   * Processes still using the mount get errors. Idempotent.
   */
  public void powerCut() {
    if (!up) {
      return;
    }
    List<ProcessHandle> helpers = daemon.descendants().toList(); // fusermount3 watching for auto_unmount
    daemon.destroyForcibly();
    awaitChild(daemon);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (MountTable.isMounted(mountPoint) && System.nanoTime() < deadline) {
      sleep(10);
    }
    if (MountTable.isMounted(mountPoint)) {
      FsBinary.run(List.of(FsBinary.FUSERMOUNT, "-u", "-z", mountPoint.toString()), backing.getParent(),
          "cannot unmount " + mountPoint);
    }
    helpers.forEach(PowerCutFs::awaitExit);
    finished();
  }

  /**
   * Power loss after an arbitrary part of the unsynced data reached the medium, as a kernel's
   * writeback or a disk's cache may have done in any order before the power went: each page not
   * synced is written to the backing file with probability {@code keepPermille}/1000, chosen by
   * {@code seed}; a page written past the end of the file extends it (pages in between read as
   * zeros or what the file held there); truncations not synced stay lost. Each directory with
   * unsynced entries keeps all of them with the same probability (as a journal commit might
   * have), or none. Then as {@link #powerCut()}.
   *
   * @return how many unsynced pages and directories reached the backing directory and how many were lost
   */
  public CutReport powerCut(long seed, int keepPermille) {
    return powerCut(seed, keepPermille, PAGE_BYTES);
  }

  /**
   * As {@link #powerCut(long, int)}, deciding each {@code unitBytes} of an unsynced page apart:
   * {@link #PAGE_BYTES}, or {@link #SECTOR_BYTES} for pages torn at sector boundaries; the report
   * then counts sectors.
   */
  public CutReport powerCut(long seed, int keepPermille, int unitBytes) {
    checkUnit(unitBytes);
    if (keepPermille < 0 || keepPermille > 1000) {
      throw new IllegalArgumentException("keepPermille " + keepPermille + " is not in 0..1000");
    }
    if (!up) {
      throw new IllegalStateException("not mounted");
    }
    try (OutputStream out = Files.newOutputStream(mountPoint.resolve(CTL_FILE), StandardOpenOption.WRITE)) {
      String command = "cut " + Long.toUnsignedString(seed) + " " + keepPermille + " " + unitBytes + "\n";
      out.write(command.getBytes(StandardCharsets.US_ASCII));
    } catch (IOException expected) {
      // the file system process dies while it answers
    }
    powerCut();
    Matcher m = CUT_LINE.matcher(logText());
    if (!m.find()) {
      throw new IllegalStateException("powercutfs did not report the cut: " + logText());
    }
    return new CutReport(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
        Long.parseLong(m.group(4)));
  }

  /**
   * Arms a power cut during a sync: the {@code nthSync}-th sync from now of a file with unsynced
   * pages persists each {@code unitBytes} of those pages with probability {@code keepPermille}/1000
   * and then the power goes, before the sync returns (its caller gets an error, never success);
   * nothing else unsynced survives. {@link #awaitCutInSync} waits for it.
   */
  public void armCutInSync(long seed, int keepPermille, long nthSync, int unitBytes) {
    checkUnit(unitBytes);
    if (keepPermille < 0 || keepPermille > 1000 || nthSync < 1) {
      throw new IllegalArgumentException("keepPermille " + keepPermille + " or nthSync " + nthSync + " out of range");
    }
    if (!up) {
      throw new IllegalStateException("not mounted");
    }
    try (OutputStream out = Files.newOutputStream(mountPoint.resolve(CTL_FILE), StandardOpenOption.WRITE)) {
      out.write(("arm " + Long.toUnsignedString(seed) + " " + keepPermille + " " + nthSync + " " + unitBytes + "\n")
          .getBytes(StandardCharsets.US_ASCII));
    } catch (IOException e) {
      // the n-th sync may come between the write that armed the cut and the control file's close:
      // then the cut has landed and the file system is gone, which awaitCutInSync reports
      if (!diedWithin(Duration.ofSeconds(2))) {
        throw new UncheckedIOException("cannot arm the cut", e);
      }
    }
  }

  /**
   * Waits up to {@code timeout} for an armed cut to land, then finishes it as {@link #powerCut()}
   * does; null if no sync tripped it in time (the mount is then still up).
   */
  public SyncCutReport awaitCutInSync(Duration timeout) {
    try {
      if (!daemon.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        return null;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    powerCut();
    Matcher m = SYNC_CUT_LINE.matcher(logText());
    if (!m.find()) {
      throw new IllegalStateException("powercutfs died without reporting a cut during a sync: " + logText());
    }
    return new SyncCutReport(m.group(1), Integer.parseInt(m.group(3)), Long.parseLong(m.group(2)),
        Long.parseLong(m.group(4)));
  }

  private boolean diedWithin(Duration timeout) {
    try {
      return daemon.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static void checkUnit(int unitBytes) {
    if (unitBytes != PAGE_BYTES && unitBytes != SECTOR_BYTES) {
      throw new IllegalArgumentException("unit " + unitBytes + ": " + PAGE_BYTES + " or " + SECTOR_BYTES);
    }
  }

  /** Unmounts; what was not synced is dropped, as by a cut. A busy mount is cut and then reported. */
  @Override
  public void close() {
    if (!up) {
      return;
    }
    List<ProcessHandle> helpers = daemon.descendants().toList();
    try {
      FsBinary.run(List.of(FsBinary.FUSERMOUNT, "-u", mountPoint.toString()), backing.getParent(),
          "cannot unmount " + mountPoint);
    } catch (IllegalStateException busy) {
      powerCut();
      throw busy;
    }
    awaitChild(daemon);
    helpers.forEach(PowerCutFs::awaitExit);
    finished();
  }

  private void finished() {
    up = false;
    MountRegistry.untrack(this);
    if (MountTable.isMounted(mountPoint)) {
      throw new IllegalStateException(mountPoint + " is still mounted");
    }
  }

  private String logText() {
    try {
      return Files.readString(log, StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /**
   * Waits until our child has exited and been reaped (a zombie not yet reaped by the JVM's
   * process reaper still counts as alive to {@link ProcessHandle#isAlive()}).
   */
  private static void awaitChild(Process child) {
    try {
      if (!child.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        child.destroyForcibly();
        child.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Polls until {@code p} has exited: the auto_unmount helper is not our child, and once its parent
   * (the file system process) is gone it may stay a zombie until init reaps it, which
   * {@link ProcessHandle#isAlive()} counts as alive.
   */
  private static void awaitExit(ProcessHandle p) {
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    while (running(p) && System.nanoTime() < deadline) {
      sleep(5);
    }
    if (running(p)) {
      p.destroyForcibly();
    }
  }

  private static boolean running(ProcessHandle p) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(p.pid()), "stat"), StandardCharsets.US_ASCII);
      char state = stat.charAt(stat.lastIndexOf(')') + 2);
      return state != 'Z' && state != 'X';
    } catch (IOException e) {
      return false; // gone
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  /**
   * Counters of one mount: write requests and their bytes (from write(2) and from the kernel
   * writing back mapped pages), fsync requests, bytes written to the backing directory by them,
   * size changes, fsync requests of directories, and directories whose entries changed since
   * their last sync (now).
   */
  public record Stats(long writes, long writeBytes, long fsyncs, long persistedBytes, long truncates, long dirSyncs,
                      long unsyncedDirs) {
  }

  /** A cut during a sync: the file being synced, the unit of loss, and its units that reached the backing file or not. */
  public record SyncCutReport(String file, int unitBytes, long keptUnits, long lostUnits) {
  }

  /** Unsynced pages (or sectors) and directories that reached the backing directory in a partial cut, and those lost. */
  public record CutReport(long keptPages, long lostPages, long keptDirs, long lostDirs) {
  }

  /** fsync(2) of a directory, as a store syncs one after changing its entries. */
  public static void syncDirectory(Path dir) {
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot sync the directory " + dir, e);
    }
  }
}
