package io.github.ycsbtiers.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** File helpers the tests share. */
public final class TestFiles {
  private TestFiles() {
  }

  /** Copies the tree {@code from} (a results directory, say) to {@code to}, which must not exist yet; returns {@code to}. */
  public static Path copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target);
        }
      }
    }
    return to;
  }
}
