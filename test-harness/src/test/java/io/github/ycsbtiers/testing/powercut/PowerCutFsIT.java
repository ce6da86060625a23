package io.github.ycsbtiers.testing.powercut;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The power-loss file system: what a sync persisted survives a cut, nothing else does; for names,
 * an fsync of their directory (or of a new file itself, for the entry it was created under).
 */
class PowerCutFsIT {
  private static final int PAGE = 4096;
  @TempDir
  Path tmp;
  private Path backing;
  private Path mnt;
  private PowerCutFs fs;

  @BeforeEach
  void mount() throws IOException {
    backing = Files.createDirectory(tmp.resolve("backing"));
    mnt = Files.createDirectory(tmp.resolve("mnt"));
    fs = PowerCutFs.mount(backing, mnt);
  }

  @AfterEach
  void unmount() {
    ProcessHandle daemon = fs.process();
    fs.close();
    assertFalse(fs.isMounted());
    assertFalse(daemon.isAlive(), "the file system process outlived close()");
  }

  @Test
  void writesAfterTheLastFsyncAreLost() throws IOException {
    Path file = mnt.resolve("log");
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ch.write(ascii("synced;"));
      ch.force(false); // fdatasync
      ch.write(ascii("not synced"));
    }
    assertEquals("synced;not synced", Files.readString(file), "before the cut the mount shows every write");
    ProcessHandle daemon = fs.process();
    cutAndRemount();
    assertFalse(daemon.isAlive());
    assertEquals("synced;", Files.readString(mnt.resolve("log")), "the fdatasync of a new file kept its name too");
  }

  @Test
  void mappedWritesSurviveOnlyWhenMsynced() throws IOException {
    Path file = mnt.resolve("data");
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.setLength(3 * PAGE);
      raf.getFD().sync();
      MappedByteBuffer map = raf.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, 3 * PAGE);
      long fsyncs = fs.stats().fsyncs();
      map.put(0, (byte) 'A');
      map.put(PAGE - 1, (byte) 'Z');
      map.force(); // msync(MS_SYNC) of the mapping
      PowerCutFs.Stats forced = fs.stats();
      assertEquals(fsyncs + 1, forced.fsyncs(), "msync reached the file system's fsync");
      assertTrue(forced.persistedBytes() >= PAGE, "and the mapped page was written back to it: " + forced);
      map.put(2 * PAGE, (byte) 'C'); // never msynced
      assertEquals('C', map.get(2 * PAGE));
    }
    cutAndRemount();
    byte[] after = Files.readAllBytes(file);
    assertEquals(3 * PAGE, after.length);
    assertEquals('A', after[0]);
    assertEquals('Z', after[PAGE - 1]);
    assertEquals(0, after[2 * PAGE], "a mapped write that was never msynced survived the cut");
  }

  @Test
  void anUnsyncedTruncateIsLost() throws IOException {
    Path file = mnt.resolve("table");
    byte[] content = new byte[3 * PAGE + 100];
    Arrays.fill(content, (byte) 7);
    Files.write(file, content);
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ch.force(true);
      ch.truncate(10);
      assertEquals(10, ch.size());
      ch.write(ascii("x"), 2 * PAGE); // extends again: the bytes in between read as zeros
    }
    byte[] shrunk = Files.readAllBytes(file);
    assertEquals(2 * PAGE + 1, shrunk.length);
    assertEquals(7, shrunk[9]);
    assertEquals(0, shrunk[10]);
    assertEquals(0, shrunk[PAGE + 5]);
    cutAndRemount();
    assertArrayEquals(content, Files.readAllBytes(file), "an unsynced truncate survived the cut");
  }

  @Test
  void aSyncedShrinkPersists() throws IOException {
    Path file = mnt.resolve("shrinks");
    byte[] content = new byte[2 * PAGE];
    Arrays.fill(content, (byte) 9);
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.wrap(content));
      ch.force(true);
      ch.truncate(100);
      ch.write(ascii("y"), PAGE + 10);
      ch.force(true);
    }
    cutAndRemount();
    byte[] after = Files.readAllBytes(file);
    assertEquals(PAGE + 11, after.length);
    assertEquals(9, after[99]);
    assertEquals(0, after[100], "bytes cut off by a synced truncate came back");
    assertEquals(0, after[PAGE + 9]);
    assertEquals('y', after[PAGE + 10]);
  }

  @Test
  void aRenameNotFollowedByADirectorySyncIsUndone() throws IOException {
    Path db = durableDirectory("db");
    writeSynced(db.resolve("CURRENT"), "MANIFEST-1\n");
    PowerCutFs.syncDirectory(db);
    writeSynced(db.resolve("CURRENT.tmp"), "MANIFEST-7\n");
    Files.move(db.resolve("CURRENT.tmp"), db.resolve("CURRENT"), StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
    assertEquals("MANIFEST-7\n", Files.readString(db.resolve("CURRENT")));
    assertEquals(1, fs.stats().unsyncedDirs());
    cutAndRemount();
    assertEquals("MANIFEST-1\n", Files.readString(db.resolve("CURRENT")), "the rename survived the cut");
    assertEquals("MANIFEST-7\n", Files.readString(db.resolve("CURRENT.tmp")),
        "the synced new file keeps the name it was created under");
  }

  @Test
  void aRenameFollowedByADirectorySyncSurvives() throws IOException {
    Path db = durableDirectory("db");
    writeSynced(db.resolve("CURRENT"), "MANIFEST-1\n");
    writeSynced(db.resolve("CURRENT.tmp"), "MANIFEST-7\n");
    Files.move(db.resolve("CURRENT.tmp"), db.resolve("CURRENT"), StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
    long dirSyncs = fs.stats().dirSyncs();
    PowerCutFs.syncDirectory(db);
    PowerCutFs.Stats synced = fs.stats();
    assertEquals(dirSyncs + 1, synced.dirSyncs(), "the directory's fsync reached the file system");
    assertEquals(0, synced.unsyncedDirs(), synced.toString());
    cutAndRemount();
    assertEquals("MANIFEST-7\n", Files.readString(db.resolve("CURRENT")));
    assertFalse(Files.exists(db.resolve("CURRENT.tmp")));
  }

  @Test
  void aCreateWithoutADirectorySyncDisappears() throws IOException {
    Path db = durableDirectory("db");
    Files.writeString(db.resolve("never-synced"), "gone"); // neither the file nor the directory synced
    Path fresh = Files.createDirectory(mnt.resolve("fresh")); // its parent, the root, never synced
    writeSynced(fresh.resolve("inside"), "synced, in a directory whose own name is not");
    PowerCutFs.syncDirectory(fresh);
    Files.createSymbolicLink(db.resolve("link"), Path.of("never-synced"));
    cutAndRemount();
    assertFalse(Files.exists(db.resolve("never-synced")), "a file created and never synced survived the cut");
    assertFalse(Files.exists(mnt.resolve("fresh")), "a directory whose parent was never synced survived the cut");
    assertFalse(Files.exists(db.resolve("link"), LinkOption.NOFOLLOW_LINKS));
    assertTrue(Files.isDirectory(db), "a directory whose parent was synced");
  }

  @Test
  void anUnlinkWithoutADirectorySyncIsUndone() throws IOException {
    Path db = durableDirectory("db");
    Path file = db.resolve("MANIFEST-5");
    writeSynced(file, "synced;");
    PowerCutFs.syncDirectory(db);
    Files.writeString(file, "not synced", StandardOpenOption.APPEND);
    Files.delete(file);
    assertFalse(Files.exists(file));
    cutAndRemount();
    assertEquals("synced;", Files.readString(file), "the unlink was not undone, with the synced content");
  }

  @Test
  void syncedUnlinksStayDoneAndAnUnsyncedRmdirIsUndone() throws IOException {
    Path db = durableDirectory("db");
    Files.writeString(db.resolve("gone"), "x");
    Path empty = Files.createDirectory(db.resolve("empty"));
    PowerCutFs.syncDirectory(db);
    Files.delete(db.resolve("gone"));
    Files.delete(empty);
    Path tables = Files.createDirectory(db.resolve("tables"));
    PowerCutFs.syncDirectory(db);
    writeSynced(tables.resolve("1.sst"), "table");
    PowerCutFs.syncDirectory(tables);
    Files.delete(tables.resolve("1.sst"));
    Files.delete(tables);
    cutAndRemount();
    assertFalse(Files.exists(db.resolve("gone")), "a synced unlink was undone");
    assertFalse(Files.exists(empty), "a synced rmdir was undone");
    assertEquals("table", Files.readString(tables.resolve("1.sst")),
        "an unlink and an rmdir not synced were not undone");
  }

  @Test
  void ignoredDirectorySyncsPersistNoName() throws IOException {
    fs.close();
    fs = PowerCutFs.mount(backing, mnt, PowerCutFs.DirectorySyncs.IGNORED);
    Path db = Files.createDirectory(mnt.resolve("db"));
    PowerCutFs.syncDirectory(mnt);
    Path made = Files.createDirectory(mnt.resolve("made"));
    Files.writeString(db.resolve("unsynced"), "x");
    PowerCutFs.syncDirectory(db);
    assertEquals(2, fs.stats().dirSyncs());
    assertTrue(fs.stats().unsyncedDirs() > 0);
    fs.powerCut();
    fs = PowerCutFs.mount(backing, mnt, PowerCutFs.DirectorySyncs.IGNORED);
    assertFalse(Files.exists(db), "an ignored directory sync persisted a name");
    assertFalse(Files.exists(made));
  }

  @Test
  void aPartialCutKeepsSomeUnsyncedPagesWhole() throws IOException {
    int pages = 64;
    Path file = mnt.resolve("wal");
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.wrap(filled(pages * PAGE, (byte) 'o')));
      ch.force(true);
      ch.write(ByteBuffer.wrap(filled(pages * PAGE, (byte) 'n')), 0);
      ch.write(ascii("tail"), pages * PAGE); // one more page, past the synced end
    }
    PowerCutFs.CutReport cut = fs.powerCut(42, 500);
    assertEquals(pages + 1, cut.keptPages() + cut.lostPages());
    assertTrue(cut.keptPages() > 0 && cut.lostPages() > 0, cut.toString());
    fs = PowerCutFs.mount(backing, mnt);
    byte[] after = Files.readAllBytes(file);
    assertTrue(after.length == pages * PAGE || after.length == pages * PAGE + 4, "length " + after.length);
    int renewed = 0;
    for (int p = 0; p < pages; p++) {
      byte first = after[p * PAGE];
      for (int i = 1; i < PAGE; i++) {
        assertEquals(first, after[p * PAGE + i], "page " + p + " is torn");
      }
      renewed += first == 'n' ? 1 : 0;
    }
    assertTrue(renewed > 0 && renewed < pages, renewed + " of " + pages + " unsynced pages survived");
  }

  @Test
  void aPartialCutInSectorsTearsPagesAtSectorBoundariesOnly() throws IOException {
    int pages = 16;
    Path file = mnt.resolve("wal");
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.wrap(filled(pages * PAGE, (byte) 'o')));
      ch.force(true);
      ch.write(ByteBuffer.wrap(filled(pages * PAGE, (byte) 'n')), 0);
    }
    PowerCutFs.CutReport cut = fs.powerCut(7, 500, PowerCutFs.SECTOR_BYTES);
    assertEquals(pages * PAGE / PowerCutFs.SECTOR_BYTES, cut.keptPages() + cut.lostPages(), "counted in sectors");
    fs = PowerCutFs.mount(backing, mnt);
    byte[] after = Files.readAllBytes(file);
    assertEquals(pages * PAGE, after.length);
    int torn = 0;
    for (int p = 0; p < pages; p++) {
      boolean sawOld = false;
      boolean sawNew = false;
      for (int sector = 0; sector < PAGE / PowerCutFs.SECTOR_BYTES; sector++) {
        int at = p * PAGE + sector * PowerCutFs.SECTOR_BYTES;
        for (int i = 1; i < PowerCutFs.SECTOR_BYTES; i++) {
          assertEquals(after[at], after[at + i], "sector " + sector + " of page " + p + " is torn");
        }
        sawOld |= after[at] == 'o';
        sawNew |= after[at] == 'n';
      }
      torn += sawOld && sawNew ? 1 : 0;
    }
    assertTrue(torn > 0, "no page was torn at a sector boundary");
  }

  /**
   * An armed cut lands inside an fsync: part of that sync's pages reach the medium, the fsync never
   * reports success (its caller gets an error), and other files' unsynced pages are lost.
   */
  @Test
  void aCutDuringASyncPersistsPartOfItsPagesAndTheSyncFails() throws IOException {
    int pages = 32;
    Path other = mnt.resolve("other");
    try (FileChannel ch = FileChannel.open(other, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ch.write(ascii("synced"));
      ch.force(true);
      ch.write(ascii(" and not"));
      Path file = mnt.resolve("wal");
      try (FileChannel wal = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        wal.write(ByteBuffer.wrap(filled(pages * PAGE, (byte) 'o')));
        wal.force(true);
        wal.write(ByteBuffer.wrap(filled(pages * PAGE, (byte) 'n')), 0);
        fs.armCutInSync(11, 500, 1, PowerCutFs.PAGE_BYTES);
        assertThrows(IOException.class, () -> wal.force(true), "the sync the power cut reported success");
      } catch (IOException closing) {
        // closing a file on a file system that is gone
      }
    } catch (IOException closing) {
      // the same
    }
    PowerCutFs.SyncCutReport cut = fs.awaitCutInSync(java.time.Duration.ofSeconds(10));
    assertTrue(cut != null && cut.file().equals("/wal"), String.valueOf(cut));
    assertEquals(pages, cut.keptUnits() + cut.lostUnits());
    assertTrue(cut.keptUnits() > 0 && cut.lostUnits() > 0, cut.toString());
    fs = PowerCutFs.mount(backing, mnt);
    byte[] after = Files.readAllBytes(mnt.resolve("wal"));
    int renewed = 0;
    for (int p = 0; p < pages; p++) {
      renewed += after[p * PAGE] == 'n' ? 1 : 0;
    }
    assertEquals(cut.keptUnits(), renewed, "the pages the cut kept, and only they, are new");
    assertEquals("synced", Files.readString(mnt.resolve("other")), "another file's unsynced write is lost");
  }

  @Test
  void aPartialCutKeepsSomeDirectoriesUnsyncedEntries() throws IOException {
    int dirs = 32;
    for (int d = 0; d < dirs; d++) {
      Files.createDirectory(mnt.resolve("d" + d));
    }
    PowerCutFs.syncDirectory(mnt);
    for (int d = 0; d < dirs; d++) {
      Files.writeString(mnt.resolve("d" + d + "/a"), "a");
      Files.writeString(mnt.resolve("d" + d + "/b"), "b");
    }
    PowerCutFs.CutReport cut = fs.powerCut(7, 500);
    assertEquals(dirs, cut.keptDirs() + cut.lostDirs(), cut.toString());
    fs = PowerCutFs.mount(backing, mnt);
    int kept = 0;
    for (int d = 0; d < dirs; d++) {
      boolean a = Files.exists(mnt.resolve("d" + d + "/a"));
      assertEquals(a, Files.exists(mnt.resolve("d" + d + "/b")), "a directory kept part of its unsynced entries");
      kept += a ? 1 : 0;
    }
    assertEquals(cut.keptDirs(), kept);
    assertTrue(kept > 0 && kept < dirs, kept + " of " + dirs);
  }

  /** A new directory whose name the root's sync made durable. */
  private Path durableDirectory(String name) throws IOException {
    Path dir = Files.createDirectory(mnt.resolve(name));
    PowerCutFs.syncDirectory(mnt);
    return dir;
  }

  private static void writeSynced(Path file, String text) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING)) {
      ch.write(ascii(text));
      ch.force(true);
    }
  }

  private void cutAndRemount() {
    fs.powerCut();
    assertFalse(fs.isMounted());
    fs = PowerCutFs.mount(backing, mnt);
  }

  private static byte[] filled(int length, byte b) {
    byte[] bytes = new byte[length];
    Arrays.fill(bytes, b);
    return bytes;
  }

  private static ByteBuffer ascii(String s) {
    return ByteBuffer.wrap(s.getBytes(StandardCharsets.US_ASCII));
  }
}
