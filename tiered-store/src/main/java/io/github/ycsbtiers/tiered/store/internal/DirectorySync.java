package io.github.ycsbtiers.tiered.store.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * fsync(2) of a directory: what makes the names in it (files created, renamed, removed) durable.
 * An fsync of a file persists its contents; its name needs its directory's sync (ext4 also
 * persists a new file's name with the file's fsync; POSIX does not promise it).
 */
public final class DirectorySync {
  private DirectorySync() {
  }

  public static void sync(Path dir) throws IOException {
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    }
  }
}
