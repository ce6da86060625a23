package io.github.ycsbtiers.tiered.powerloss;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a {@link PowerLossWorker} said, read from its stdout by one thread: per key the last
 * acknowledged state and the state of a write announced but not acknowledged (in flight when the
 * worker died). The maps are read only after {@link #read} returned.
 */
final class AckLog {
  private final Map<String, String> acked;
  private final Map<String, String> pending = new HashMap<>();
  private final List<String> failures = new ArrayList<>();
  private final AtomicLong acks = new AtomicLong();
  private final Map<String, Long> kinds = new TreeMap<>();
  private final AtomicInteger loaded = new AtomicInteger();
  private final CountDownLatch ready = new CountDownLatch(1);
  private volatile Map<String, Long> figures = Map.of();

  /** @param acked the states known before this worker started (a copy is kept and updated) */
  AckLog(Map<String, String> acked) {
    this.acked = new HashMap<>(acked);
  }

  /** Reads the worker's lines to the end of its output. */
  void read(InputStream in) {
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII))) {
      for (String line; (line = lines.readLine()) != null; ) {
        accept(line);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void accept(String line) {
    String[] f = line.split(" ", 3);
    switch (f[0]) {
      case "try" -> pending.put(f[1], f[2]);
      case "ack" -> {
        String state = pending.remove(f[1]);
        if (state == null) {
          failures.add("ack without try: " + line);
        } else {
          String before = acked.put(f[1], state);
          kinds.merge(kind(before == null ? Records.ABSENT : before, state), 1L, Long::sum);
          acks.incrementAndGet();
        }
      }
      case "ready" -> ready.countDown();
      case "loaded" -> loaded.incrementAndGet();
      case "figures" -> figures = figures(line);
      default -> failures.add(line);
    }
  }

  private static Map<String, Long> figures(String line) {
    Map<String, Long> out = new TreeMap<>();
    for (String pair : line.substring("figures".length()).trim().split(" ")) {
      int eq = pair.indexOf('=');
      if (eq > 0) {
        out.put(pair.substring(0, eq), Long.parseLong(pair.substring(eq + 1)));
      }
    }
    return out;
  }

  /**
   * The store's figures as the worker last printed them before it died: counters summed since it
   * opened the store, levels as they were ({@link PowerLossWorker}).
   */
  Map<String, Long> figures() {
    return figures;
  }

  /** What a write from {@code before} to {@code after} was. */
  static String kind(String before, String after) {
    if (after.equals(Records.ABSENT)) {
      return "delete";
    }
    if (before.equals(Records.ABSENT)) {
      return "insert";
    }
    return Arrays.stream(Records.versions(after)).distinct().count() == 1 ? "update" : "update-some";
  }

  boolean awaitReady(long seconds) throws InterruptedException {
    return ready.await(seconds, TimeUnit.SECONDS);
  }

  long acks() {
    return acks.get();
  }

  /** Threads that finished their Load. */
  int loaded() {
    return loaded.get();
  }

  Map<String, String> acked() {
    return acked;
  }

  /** Acknowledged writes by kind: insert, update (every field), update-some, delete. */
  Map<String, Long> kinds() {
    return kinds;
  }

  Map<String, String> pending() {
    return pending;
  }

  /** Lines that report a failed operation or break the protocol. */
  List<String> failures() {
    return failures;
  }
}
