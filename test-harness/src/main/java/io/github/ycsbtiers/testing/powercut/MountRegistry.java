package io.github.ycsbtiers.testing.powercut;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Safety net: at JVM exit, cuts every mount still up (SIGKILL of its process, lazy unmount) and
 * deletes the build directory, so a test that forgot close() or a failing run leaves nothing behind.
 */
final class MountRegistry {
  private static final Set<PowerCutFs> MOUNTS = ConcurrentHashMap.newKeySet();
  private static final Set<Path> DIRS = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(MountRegistry::cleanUp, "powercutfs-reaper"));
  }

  private MountRegistry() {
  }

  static void track(PowerCutFs fs) {
    MOUNTS.add(fs);
  }

  static void untrack(PowerCutFs fs) {
    MOUNTS.remove(fs);
  }

  static void deleteAtExit(Path dir) {
    DIRS.add(dir);
  }

  private static void cleanUp() {
    for (PowerCutFs fs : MOUNTS) {
      try {
        fs.powerCut();
      } catch (RuntimeException ignored) {
        // best effort at exit: the file system's auto_unmount still unmounts when its process dies
      }
    }
    DIRS.forEach(MountRegistry::deleteTree);
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.deleteIfExists(p);
        } catch (IOException ignored) {
          // best effort at exit
        }
      });
    } catch (IOException ignored) {
      // best effort at exit
    }
  }
}
