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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a {@link PowerLossWorker} said, read from its stdout by one thread: per key the last
 * acknowledged state and the state of a write announced but not acknowledged (in flight when the
 * worker died), and every acknowledgement with its time, for a promise that allows the latest
 * writes to be lost ({@link #window}). The maps are read only after {@link #read} returned.
 */
final class AckLog {
  private final Map<String, String> before;
  private final Map<String, String> acked;
  private final Map<String, List<Ack>> history = new HashMap<>();
  private final Map<String, String> pending = new HashMap<>();
  private final List<String> failures = new ArrayList<>();
  private final AtomicLong acks = new AtomicLong();
  private final Map<String, Long> kinds = new TreeMap<>();
  private final AtomicInteger loaded = new AtomicInteger();
  private final CountDownLatch ready = new CountDownLatch(1);
  private volatile Map<String, Long> figures = Map.of();
  private long longestSyncMicros;
  private long killedAt;

  /** One acknowledged write: the key's state after it, and when the worker saw it return ({@link System#nanoTime}). */
  record Ack(String state, long nanos) {
  }

  /**
   * What a store may hold when every write acknowledged at or after some time may be lost: per key
   * the state it must at least be in (its last acknowledged before then, or as before the worker)
   * and the newer states it may be in instead (acknowledged from then on, or in flight).
   *
   * @param required per key the state it must at least be in
   * @param newer per key the states it may be in instead
   * @param before writes acknowledged before the window: the store must keep them
   * @param inside writes acknowledged inside it: the store may lose them
   */
  record Window(Map<String, String> required, Map<String, Set<String>> newer, long before, long inside) {
  }

  /** @param acked the states known before this worker started (a copy is kept and updated) */
  AckLog(Map<String, String> acked) {
    this.before = Map.copyOf(acked);
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
          String previous = acked.put(f[1], state);
          kinds.merge(kind(previous == null ? Records.ABSENT : previous, state), 1L, Long::sum);
          history.computeIfAbsent(f[1], k -> new ArrayList<>()).add(new Ack(state, f.length > 2
              ? Long.parseLong(f[2]) : Long.MAX_VALUE));
          acks.incrementAndGet();
        }
      }
      case "ready" -> ready.countDown();
      case "loaded" -> loaded.incrementAndGet();
      case "figures" -> {
        Map<String, Long> last = figures;
        figures = figures(line);
        long syncs = figures.getOrDefault("PeriodicSyncs", 0L) - last.getOrDefault("PeriodicSyncs", 0L);
        if (syncs > 0) {
          long micros = figures.getOrDefault("PeriodicSyncMicros", 0L) - last.getOrDefault("PeriodicSyncMicros", 0L);
          longestSyncMicros = Math.max(longestSyncMicros, micros);
        }
      }
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

  /**
   * The longest periodic sync the worker's figures show (an upper bound of it when one figures
   * line covers several syncs); 0 without any.
   */
  long longestSyncMicros() {
    return longestSyncMicros;
  }

  /** Records when the worker was killed ({@link System#nanoTime}, the clock of the acknowledgements). */
  void killedAt(long nanos) {
    killedAt = nanos;
  }

  long killedAt() {
    return killedAt;
  }

  /** The latest acknowledgement's time, or Long.MIN_VALUE without any. */
  long lastAckNanos() {
    return history.values().stream().mapToLong(h -> h.get(h.size() - 1).nanos()).max().orElse(Long.MIN_VALUE);
  }

  /** What the store may hold if every write acknowledged at or after {@code fromNanos} was lost. */
  Window window(long fromNanos) {
    Map<String, String> required = new HashMap<>(before);
    Map<String, Set<String>> newer = new HashMap<>();
    long kept = 0;
    long inside = 0;
    for (Map.Entry<String, List<Ack>> e : history.entrySet()) {
      for (Ack a : e.getValue()) {
        if (a.nanos() < fromNanos) {
          required.put(e.getKey(), a.state());
          kept++;
        } else {
          newer.computeIfAbsent(e.getKey(), k -> new HashSet<>()).add(a.state());
          inside++;
        }
      }
    }
    pending.forEach((key, state) -> newer.computeIfAbsent(key, k -> new HashSet<>()).add(state));
    return new Window(required, newer, kept, inside);
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
