package io.github.ycsbtiers.docs;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository's root, seen from this module's directory, where Maven runs its tests. */
final class Repository {
  private Repository() {
  }

  static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isRegularFile(dir.resolve("bin/ycsb"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException("no bin/ycsb above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }
}
