package io.github.ycsbtiers.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Safety net for processes and directories the fixtures own: a test that forgets close(), or a JVM
 * that exits mid-test, must not leave redis-server processes or temp dirs behind.
 */
final class Reaper {
  private static final Set<Process> PROCESSES = ConcurrentHashMap.newKeySet();
  private static final Set<Path> DIRS = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(Reaper::reapAll, "ycsb-harness-reaper"));
  }

  private Reaper() {
  }

  static void track(Process process) {
    PROCESSES.add(process);
  }

  static void untrack(Process process) {
    PROCESSES.remove(process);
  }

  static void trackDir(Path dir) {
    DIRS.add(dir);
  }

  /** Deletes a directory tree now and forgets it. */
  static void deleteDir(Path dir) {
    DIRS.remove(dir);
    deleteTree(dir);
  }

  /** SIGKILL for the process and its children (bin/ycsb is a shell script around a JVM). */
  static void kill(Process process) {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    try {
      process.waitFor(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void reapAll() {
    PROCESSES.forEach(Reaper::kill);
    DIRS.forEach(Reaper::deleteTree);
  }

  private static void deleteTree(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> {
        try {
          Files.deleteIfExists(path);
        } catch (IOException ignored) {
          // best effort: a file still held by a dying process is gone with the next tmp cleanup
        }
      });
    } catch (IOException ignored) {
      // best effort, as above
    }
  }
}
