package io.github.ycsbtiers.runner.config;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The check every output file of a run gets before the run starts (the timeline, the histogram
 * files, the exported report): its directory exists and can be written, so that no result is lost
 * after the work is done.
 */
public final class OutputDirectory {
  private OutputDirectory() {
  }

  /** Whether {@code dir} is an existing directory this process may create files in; false for null. */
  public static boolean isWritable(Path dir) {
    return dir != null && Files.isDirectory(dir) && Files.isWritable(dir);
  }
}
