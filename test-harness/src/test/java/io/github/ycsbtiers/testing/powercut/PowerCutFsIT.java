package io.github.ycsbtiers.testing.powercut;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The power-loss file system: what a sync persisted survives a cut, nothing else does. */
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
    Files.writeString(mnt.resolve("never-synced"), "gone");
    assertEquals("synced;not synced", Files.readString(file), "before the cut the mount shows every write");
    ProcessHandle daemon = fs.process();
    cutAndRemount();
    assertFalse(daemon.isAlive());
    assertEquals("synced;", Files.readString(mnt.resolve("log")));
    assertTrue(Files.exists(mnt.resolve("never-synced")), "names are durable at once");
    assertEquals(0, Files.size(mnt.resolve("never-synced")), "contents are not");
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
  void renamesAndUnlinksAreDurableAtOnce() throws IOException {
    Files.createDirectories(mnt.resolve("db"));
    Path tmpFile = mnt.resolve("db/CURRENT.tmp");
    try (FileChannel ch = FileChannel.open(tmpFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ch.write(ascii("MANIFEST-7\n"));
      ch.force(true);
    }
    Files.move(tmpFile, mnt.resolve("db/CURRENT"));
    Files.writeString(mnt.resolve("db/old"), "x");
    Files.delete(mnt.resolve("db/old"));
    cutAndRemount();
    assertEquals("MANIFEST-7\n", Files.readString(mnt.resolve("db/CURRENT")));
    assertFalse(Files.exists(mnt.resolve("db/CURRENT.tmp")));
    assertFalse(Files.exists(mnt.resolve("db/old")));
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
