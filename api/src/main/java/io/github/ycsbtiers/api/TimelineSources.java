package io.github.ycsbtiers.api;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What a binding adds to each row of the run's timeline ({@code timeline.file}): the server's or
 * the store's own counters over the same interval as the client's figures. A binding registers a
 * source when it opens and unregisters it when it closes; the runner asks every registered source
 * once per row, on its timeline thread. Under upstream YCSB nothing asks.
 */
public final class TimelineSources {
  /** One source of a row's figures. */
  public interface Source {
    /** The name the row files the figures under, e.g. {@code server} or {@code tier}. */
    String name();

    /**
     * What happened since the previous call (counters as differences) and the levels now (memory,
     * clients), by name; the first call gives the differences since the source opened. Never
     * throws: a source that cannot tell returns an empty map.
     */
    Map<String, Number> interval();
  }

  private static final List<Source> SOURCES = new CopyOnWriteArrayList<>();
  private static final List<Retired> RETIRED = new CopyOnWriteArrayList<>();

  /** A source that left, with what it had counted since the previous row, for the next row only. */
  public record Retired(String name, Map<String, Number> interval) {
  }

  private TimelineSources() {
  }

  public static void register(Source source) {
    SOURCES.add(source);
  }

  public static void unregister(Source source) {
    SOURCES.remove(source);
  }

  /**
   * The source is closing while the run's last row is still to be written (the runner writes it
   * after the bindings' cleanup): it leaves, and what it counted since the previous row is asked now
   * and kept for that row ({@link #takeRetired}).
   */
  public static void retire(Source source) {
    if (SOURCES.remove(source)) {
      RETIRED.add(new Retired(source.name(), source.interval()));
    }
  }

  /** The sources retired since the last call, each handed out once. */
  public static List<Retired> takeRetired() {
    List<Retired> out = List.copyOf(RETIRED);
    RETIRED.removeAll(out);
    return out;
  }

  /** The sources registered now. */
  public static List<Source> registered() {
    return List.copyOf(SOURCES);
  }
}
