package io.github.ycsbtiers.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a short-lived tool to completion with a deadline. */
final class Exec {
  private static final File NO_INPUT = new File("/dev/null");

  private Exec() {
  }

  /**
   * Output goes to files rather than pipes so a chatty tool can never block on a full pipe while
   * we wait for it, and no reader threads are needed.
   */
  static CliResult run(List<String> command, Path workDir, Duration timeout) {
    return run(command, workDir, Map.of(), timeout);
  }

  /** As {@link #run(List, Path, Duration)}, with {@code extraEnv} added to this JVM's environment. */
  static CliResult run(List<String> command, Path workDir, Map<String, String> extraEnv, Duration timeout) {
    Path out = null;
    Path err = null;
    try {
      out = Files.createTempFile("ycsb-harness-", ".out");
      err = Files.createTempFile("ycsb-harness-", ".err");
      ProcessBuilder builder = new ProcessBuilder(command)
          .redirectInput(NO_INPUT)
          .redirectOutput(out.toFile())
          .redirectError(err.toFile());
      builder.environment().putAll(extraEnv);
      if (workDir != null) {
        builder.directory(workDir.toFile());
      }
      Process process = builder.start();
      Reaper.track(process);
      try {
        boolean finished;
        try {
          finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
          Reaper.kill(process); // untracked below: nobody else would stop it
          throw e;
        }
        if (!finished) {
          Reaper.kill(process);
          throw new TimedOut(String.join(" ", command) + " did not finish within " + timeout
              + " and was destroyed; stdout tail:\n" + tail(read(out)) + "\nstderr tail:\n" + tail(read(err)));
        }
      } finally {
        Reaper.untrack(process);
      }
      return new CliResult(process.exitValue(), read(out), read(err));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + command.get(0), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + command.get(0), e);
    } finally {
      deleteQuietly(out);
      deleteQuietly(err);
    }
  }

  /** A command that ran past its deadline; it has been killed. */
  static final class TimedOut extends IllegalStateException {
    TimedOut(String message) {
      super(message);
    }
  }

  private static String tail(String text) {
    return text.length() <= 4000 ? text : "..." + text.substring(text.length() - 4000);
  }

  private static String read(Path file) throws IOException {
    return Files.readString(file, StandardCharsets.UTF_8);
  }

  private static void deleteQuietly(Path file) {
    if (file != null) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException ignored) {
        // a leftover temp file is harmless
      }
    }
  }
}
