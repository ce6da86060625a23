package io.github.ycsbtiers.tiered.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** tiered.path checks: each wrong location is one message naming the path and the problem. */
class StoreLocationTest {
  private Path dir;

  @AfterEach
  void deleteDir() throws Exception {
    if (dir != null) {
      ReadOnlyDirs.makeWritable(dir);
      StoreDirs.delete(dir);
    }
  }

  private LocationException refused(StoreOptions options) {
    return assertThrows(LocationException.class, () -> TieredStore.open(options).close());
  }

  @Test
  void missingParent() {
    dir = StoreDirs.create(Medium.PMEM);
    Path path = dir.resolve("no-such-parent").resolve("store");
    LocationException e = refused(StoreDirs.options(Medium.PMEM, path, 10).build());
    assertEquals("tiered.path=" + path + ": missing: " + path.getParent() + " does not exist (the parent "
        + "directory must exist; the store creates only its own directory)", e.getMessage());
  }

  @Test
  void createsItsOwnDirectory() {
    dir = StoreDirs.create(Medium.DISK);
    Path path = dir.resolve("store");
    try (TieredStore s = TieredStore.open(StoreDirs.options(Medium.DISK, path, 10).build())) {
      s.put("k", new byte[] {1});
    }
    assertTrue(Files.isRegularFile(path.resolve("CURRENT")));
  }

  @Test
  void notADirectory() throws IOException {
    dir = StoreDirs.create(Medium.PMEM);
    Path file = Files.createFile(dir.resolve("file"));
    LocationException e = refused(StoreDirs.options(Medium.PMEM, file, 10).build());
    assertEquals("tiered.path=" + file + ": exists and is not a directory", e.getMessage());
  }

  @Test
  void readOnly() throws Exception {
    dir = StoreDirs.create(Medium.DISK);
    ReadOnlyDirs.makeReadOnly(dir);
    LocationException e = refused(StoreDirs.options(Medium.DISK, dir, 10).build());
    assertTrue(e.getMessage().startsWith("tiered.path=" + dir + ": read-only: cannot create a file in it: "),
        e.getMessage());
  }

  @Test
  void readOnlyParentOfAMissingDirectory() throws Exception {
    dir = StoreDirs.create(Medium.DISK);
    ReadOnlyDirs.makeReadOnly(dir);
    Path path = dir.resolve("store");
    LocationException e = refused(StoreDirs.options(Medium.DISK, path, 10).build());
    assertTrue(e.getMessage().startsWith("tiered.path=" + path + ": cannot create the directory"), e.getMessage());
  }

  @Test
  void full() {
    dir = StoreDirs.create(Medium.PMEM);
    long records = 1_000_000_000_000L; // about 120 TB of data
    LocationException e = refused(StoreDirs.options(Medium.PMEM, dir, records).build());
    assertTrue(e.getMessage().startsWith("tiered.path=" + dir + ": full: "), e.getMessage());
    assertTrue(e.getMessage().contains("the store needs about"), e.getMessage());
  }

  @Test
  void otherMediumsStore() {
    dir = StoreDirs.create(Medium.PMEM);
    try (TieredStore s = TieredStore.open(StoreDirs.options(Medium.PMEM, dir, 10).build())) {
      s.put("k", new byte[] {1});
    }
    LocationException e = refused(StoreDirs.options(Medium.DISK, dir, 10).build());
    assertEquals("tiered.path=" + dir + ": holds a pmem (LMDB) store; use tiered.medium=pmem or another directory",
        e.getMessage());
  }

  /** Read-only directories for tests: chmod for ordinary users, the immutable attribute for root. */
  static final class ReadOnlyDirs {
    private static final boolean ROOT = "root".equals(System.getProperty("user.name"));

    static void makeReadOnly(Path dir) throws Exception {
      if (ROOT) {
        chattr("+i", dir);
      } else {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
      }
    }

    static void makeWritable(Path dir) throws Exception {
      if (!Files.exists(dir)) {
        return;
      }
      if (ROOT) {
        chattr("-i", dir);
      } else {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
      }
    }

    private static void chattr(String flag, Path dir) throws Exception {
      Process p = new ProcessBuilder("chattr", flag, dir.toString()).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes());
      if (p.waitFor() != 0) {
        throw new IllegalStateException("chattr " + flag + " " + dir + " failed: " + out);
      }
    }
  }
}
