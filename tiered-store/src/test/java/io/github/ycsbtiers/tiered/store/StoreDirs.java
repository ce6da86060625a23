package io.github.ycsbtiers.tiered.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Temporary store directories: pmem ones on tmpfs (/dev/shm) as in production, disk ones under java.io.tmpdir. */
public final class StoreDirs {
  private StoreDirs() {
  }

  public static Path create(Medium medium) {
    try {
      Path shm = Path.of("/dev/shm");
      Path base = medium == Medium.PMEM && Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
      return Files.createTempDirectory(base, "tiered-test-" + medium.label() + "-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static void delete(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Options for a store in {@code dir} sized for {@code records} records of one 100-byte field. */
  public static StoreOptions.Builder options(Medium medium, Path dir, long records) {
    return StoreOptions.builder().medium(medium).path(dir)
        .estimate(new DataEstimate(records, 23, 100));
  }
}
