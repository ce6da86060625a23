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

  private TimelineSources() {
  }

  public static void register(Source source) {
    SOURCES.add(source);
  }

  public static void unregister(Source source) {
    SOURCES.remove(source);
  }

  /** The sources registered now. */
  public static List<Source> registered() {
    return List.copyOf(SOURCES);
  }
}
