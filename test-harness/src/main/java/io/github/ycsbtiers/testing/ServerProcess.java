package io.github.ycsbtiers.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** One redis-server OS process on a fixed port: launch, readiness, stop, and its log. */
final class ServerProcess {
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(10);
  private static final int LOG_TAIL_LINES = 30;

  private final ServerConfig config;
  private final Path dir;
  private final int port;
  private Process process;

  ServerProcess(ServerConfig config, Path dir, int port) {
    this.config = config;
    this.dir = dir;
    this.port = port;
  }

  Path logFile() {
    return dir.resolve("redis.log");
  }

  long pid() {
    return process.pid();
  }

  /** Writes redis.conf and starts redis-server; {@code append} keeps the log of earlier runs (restart). */
  void launch(boolean append) {
    try {
      Path conf = dir.resolve("redis.conf");
      Files.writeString(conf, config.render(port, dir), StandardCharsets.UTF_8);
      // stdout and stderr in one file: config errors are printed before redis opens any logfile
      process = new ProcessBuilder(config.command(conf))
          .directory(dir.toFile())
          .redirectErrorStream(true)
          .redirectOutput(append ? Redirect.appendTo(logFile().toFile()) : Redirect.to(logFile().toFile()))
          .start();
      Reaper.track(process);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start redis-server", e);
    }
  }

  /** Polls {@code ping} until PONG; a process that died because its port was taken gets PortInUseException. */
  void awaitReady(Supplier<CliResult> ping) {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (true) {
      if (!process.isAlive()) {
        String tail = logTail();
        if (tail.contains("Address already in use")) {
          throw new PortInUseException(port);
        }
        throw new IllegalStateException("redis-server on port " + port + " exited with status "
            + process.exitValue() + " during start-up; log tail:\n" + tail);
      }
      CliResult last = ping.get();
      if (last.ok() && last.out().strip().equals("PONG")) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("redis-server on port " + port + " did not answer PING within "
            + READY_TIMEOUT.toSeconds() + " s; redis-cli said: " + last.output().strip() + "; log tail:\n"
            + logTail());
      }
      sleep(50);
    }
  }

  /** Asks politely first ({@code shutdown} sends SHUTDOWN NOSAVE), then SIGTERM, then SIGKILL. */
  void stop(Runnable shutdown) {
    try {
      if (process.isAlive()) {
        try {
          shutdown.run();
        } catch (RuntimeException ignored) {
          // the process is destroyed below anyway
        }
        if (!waitFor(Duration.ofSeconds(3))) {
          process.destroy();
          if (!waitFor(Duration.ofSeconds(2))) {
            Reaper.kill(process);
          }
        }
      }
    } finally {
      Reaper.untrack(process);
    }
  }

  /** SIGKILL, as a crash would. */
  void kill() {
    if (process != null) {
      Reaper.kill(process);
      Reaper.untrack(process);
    }
  }

  String logTail() {
    try {
      List<String> lines = Files.readAllLines(logFile(), StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  private boolean waitFor(Duration timeout) {
    try {
      return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for redis-server", e);
    }
  }

  /** Start-up lost the race for its port; the caller retries on another one. */
  static final class PortInUseException extends RuntimeException {
    PortInUseException(int port) {
      super("port " + port + " is already in use");
    }
  }
}
