package io.github.ycsbtiers.testing;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the command line tools the fixtures run; a missing tool is a failure, never a skip. */
final class Executables {
  static final String REDIS_SERVER = "redis-server";
  static final String REDIS_CLI = "redis-cli";
  static final String OPENSSL = "openssl";

  private Executables() {
  }

  /** Fails with the remedy when a Redis tool is missing, so a bare machine gets told to use bin/test. */
  static void requireRedis() {
    require(REDIS_SERVER, "redis-server", System.getenv("PATH"));
    require(REDIS_CLI, "redis-server", System.getenv("PATH"));
  }

  static void requireOpenssl() {
    require(OPENSSL, "openssl", System.getenv("PATH"));
  }

  static void require(String tool, String debianPackage, String path) {
    if (find(tool, path) == null) {
      throw new IllegalStateException(tool + " not found on PATH: run ./bin/test, which installs Debian's "
          + debianPackage);
    }
  }

  static Path find(String tool, String path) {
    if (path == null) {
      return null;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, tool);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
