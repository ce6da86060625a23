package io.github.ycsbtiers.suite.browser;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Debian's Chromium, headless, with a profile of its own in a temp dir and its DevTools endpoint on
 * a free port of 127.0.0.1 (read from its stderr). It reaches no network: every host name but
 * 127.0.0.1 fails to resolve and every request goes to a closed port of 127.0.0.1, so a page can load
 * file:// only. {@link #close} stops the whole process tree and removes the profile.
 */
final class Chromium implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");
  private static final long START_SECONDS = 60;

  private final Process process;
  private final Path profile;
  private final URI devTools;
  private final Deque<String> stderr;

  private Chromium(Process process, Path profile, URI devTools, Deque<String> stderr) {
    this.process = process;
    this.profile = profile;
    this.devTools = devTools;
    this.stderr = stderr;
  }

  static Chromium start() throws IOException {
    Path executable = find("chromium");
    Path profile = Files.createTempDirectory("ycsb-chromium-");
    List<String> command = List.of(executable.toString(), "--headless=new", "--remote-debugging-port=0",
        "--remote-debugging-address=127.0.0.1", "--user-data-dir=" + profile,
        // the tests run as root in containers, where Chromium's sandbox cannot start
        "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
        "--disable-breakpad", "--no-pings", "--mute-audio", "--hide-scrollbars",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--proxy-server=127.0.0.1:9",
        "about:blank");
    Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    Deque<String> lines = new ArrayDeque<>();
    CompletableFuture<URI> url = new CompletableFuture<>();
    Thread reader = new Thread(() -> read(p, lines, url), "chromium-stderr");
    reader.setDaemon(true);
    reader.start();
    try {
      return new Chromium(p, profile, url.get(START_SECONDS, TimeUnit.SECONDS), lines);
    } catch (InterruptedException | ExecutionException | TimeoutException e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      stop(p);
      deleteTree(profile);
      throw new IOException("chromium did not print its DevTools address within " + START_SECONDS + " s; stderr: "
          + String.join("\n", snapshot(lines)), e);
    }
  }

  /** The browser's DevTools WebSocket address. */
  URI devTools() {
    return devTools;
  }

  /** The last lines Chromium wrote on stderr, for a failure's message. */
  List<String> stderr() {
    return snapshot(stderr);
  }

  @Override
  public void close() throws IOException {
    stop(process);
    deleteTree(profile);
  }

  /** SIGTERM to the process and every descendant (renderers, GPU, zygotes), SIGKILL to what outlives 10 s. */
  private static void stop(Process p) {
    List<ProcessHandle> tree = new ArrayList<>(p.descendants().toList());
    tree.add(p.toHandle());
    tree.forEach(ProcessHandle::destroy);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    for (ProcessHandle h : tree) {
      try {
        h.onExit().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (ExecutionException | TimeoutException e) {
        // killed below
      }
    }
    tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    try {
      p.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void read(Process p, Deque<String> lines, CompletableFuture<URI> url) {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        synchronized (lines) {
          lines.addLast(line);
          if (lines.size() > 40) {
            lines.removeFirst();
          }
        }
        Matcher m = LISTENING.matcher(line);
        if (m.find()) {
          url.complete(URI.create(m.group(1)));
        }
      }
    } catch (IOException e) {
      // the process ended
    }
    url.completeExceptionally(new IOException("chromium exited before printing its DevTools address"));
  }

  private static List<String> snapshot(Deque<String> lines) {
    synchronized (lines) {
      return List.copyOf(lines);
    }
  }

  private static Path find(String tool) {
    String path = System.getenv("PATH");
    for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
      Path candidate = dir.isEmpty() ? null : Path.of(dir, tool);
      if (candidate != null && Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException(tool + " not found on PATH: run ./bin/test, which installs Debian's chromium");
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
