package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.tiered.store.internal.ByteSizes;
import io.github.ycsbtiers.tiered.store.internal.DirectorySync;
import io.github.ycsbtiers.tiered.store.internal.LmdbTier;
import io.github.ycsbtiers.tiered.store.internal.RocksTier;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Checks {@code tiered.path} before an engine touches it, so that a wrong location is one clear
 * message instead of an engine's error code: the parent must exist (the store creates only its own
 * directory), the location must be a writable directory that does not hold the other medium's
 * store, and its file system must have room for the expected data. The directory's own name is
 * made durable (an fsync of the parent): the engines sync the directory's entries, never its name.
 */
public final class Locations {
  /** Bytes on the medium per byte of keys and values: B-tree pages are partly empty (LMDB). */
  static final double PMEM_SPACE_FACTOR = 2.0;
  /** Space amplification of levelled compaction plus the write-ahead log (RocksDB). */
  static final double DISK_SPACE_FACTOR = 1.5;

  private Locations() {
  }

  /** Creates the directory if needed, syncs its parent, and checks it. */
  public static void prepare(Path dir, Medium medium, long expectedDataBytes) {
    ensureDirectory(dir);
    syncParent(dir);
    checkWritable(dir);
    checkContents(dir, medium);
    long existing = sizeOf(dir);
    long needed = (long) Math.min(Long.MAX_VALUE, expectedDataBytes * spaceFactor(medium)) - existing;
    FileStore store = fileStore(dir);
    long usable;
    long total;
    try {
      usable = store.getUsableSpace();
      total = store.getTotalSpace();
    } catch (IOException e) {
      throw new LocationException(dir, "cannot read the free space of its file system: " + e.getMessage(), e);
    }
    // a file system without a size (ramfs) reports 0 of 0: there is nothing to check against
    if (total > 0 && needed > usable) {
      throw new LocationException(dir, "full: " + ByteSizes.format(usable) + " usable on " + store.name()
          + ", the store needs about " + ByteSizes.format(needed) + " more (" + spaceFactor(medium)
          + " x the estimated data of " + ByteSizes.format(expectedDataBytes) + ")");
    }
  }

  /**
   * Whether files in {@code dir} can be opened with {@code O_DIRECT} (tmpfs and some FUSE file
   * systems refuse it): tried on a probe file, removed again.
   */
  public static boolean supportsDirectIo(Path dir) {
    Path probe = dir.resolve(".direct-io-probe");
    try (java.nio.channels.FileChannel ignored = java.nio.channels.FileChannel.open(probe,
        java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE,
        java.nio.file.StandardOpenOption.READ, com.sun.nio.file.ExtendedOpenOption.DIRECT)) {
      return true;
    } catch (IOException | UnsupportedOperationException e) {
      return false;
    } finally {
      try {
        java.nio.file.Files.deleteIfExists(probe);
      } catch (IOException e) {
        // a probe file left behind is harmless: RocksDB ignores names it does not know
      }
    }
  }

  /** The file system type, e.g. {@code tmpfs} or {@code ext4}. */
  public static String fileSystemType(Path dir) {
    return fileStore(dir).type();
  }

  static double spaceFactor(Medium medium) {
    return medium == Medium.PMEM ? PMEM_SPACE_FACTOR : DISK_SPACE_FACTOR;
  }

  private static void ensureDirectory(Path dir) {
    if (Files.isDirectory(dir)) {
      return;
    }
    if (Files.exists(dir)) {
      throw new LocationException(dir, "exists and is not a directory");
    }
    Path parent = dir.getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      throw new LocationException(dir, "missing: " + parent + " does not exist (the parent directory must exist; "
          + "the store creates only its own directory)");
    }
    try {
      Files.createDirectory(dir);
    } catch (FileAlreadyExistsException e) {
      ensureDirectory(dir); // another process created it meanwhile
    } catch (IOException e) {
      throw new LocationException(dir, "cannot create the directory (read-only location?): " + describe(e), e);
    }
  }

  /**
   * An fsync of the parent directory, so that a power cut cannot take the store's directory, and
   * with it every acknowledged write, away. Also when the directory existed: a process killed
   * between creating it and this sync left its name unsynced.
   */
  private static void syncParent(Path dir) {
    Path parent = dir.toAbsolutePath().getParent();
    try {
      DirectorySync.sync(parent);
    } catch (IOException e) {
      throw new LocationException(dir, "cannot sync its parent directory " + parent + ": " + describe(e), e);
    }
  }

  private static void checkWritable(Path dir) {
    FileStore store = fileStore(dir);
    if (store.isReadOnly()) {
      throw new LocationException(dir, "read-only: " + store.name() + " is mounted read-only");
    }
    // permission bits do not tell root (or an immutable directory) apart: try it
    try {
      Path probe = Files.createTempFile(dir, ".ycsb-tiered-probe", null);
      Files.delete(probe);
    } catch (IOException e) {
      throw new LocationException(dir, "read-only: cannot create a file in it: " + describe(e), e);
    }
  }

  private static void checkContents(Path dir, Medium medium) {
    if (medium == Medium.DISK && Files.exists(dir.resolve(LmdbTier.DATA_FILE))) {
      throw new LocationException(dir, "holds a pmem (LMDB) store; use tiered.medium=pmem or another directory");
    }
    if (medium == Medium.PMEM && Files.exists(dir.resolve(RocksTier.MARKER_FILE))) {
      throw new LocationException(dir, "holds a disk (RocksDB) store; use tiered.medium=disk or another directory");
    }
  }

  /** What the store already holds; LMDB's data file is sparse, so this errs towards allowing. */
  private static long sizeOf(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      long total = 0;
      for (Path f : (Iterable<Path>) files::iterator) {
        total += Files.isRegularFile(f) ? Files.size(f) : 0;
      }
      return total;
    } catch (IOException e) {
      throw new LocationException(dir, "cannot list it: " + describe(e), e);
    }
  }

  private static FileStore fileStore(Path dir) {
    try {
      return Files.getFileStore(dir);
    } catch (IOException e) {
      throw new LocationException(dir, "cannot find its file system: " + describe(e), e);
    }
  }

  /** The reason without the file name: identical for every client thread, so reported once. */
  private static String describe(IOException e) {
    String reason = e instanceof FileSystemException f ? f.getReason() : e.getMessage();
    if (reason == null && e instanceof AccessDeniedException) {
      reason = "Permission denied";
    }
    return reason == null ? e.getClass().getSimpleName() : reason;
  }
}
