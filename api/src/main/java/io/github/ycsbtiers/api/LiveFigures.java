package io.github.ycsbtiers.api;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What a binding shows on the runner's live metrics endpoint ({@code metrics.port}) besides the
 * operations: the store's or the connection's own counters and levels, read when the endpoint is
 * scraped. A binding registers a source when it opens and unregisters it when it closes; under
 * upstream YCSB nothing asks. Sources are read on the endpoint's thread, never on an operation's.
 */
public final class LiveFigures {
  /** One source of figures, such as the embedded store's tiers or the connections' outages. */
  public interface Source {
    /** A short lower-case name the metrics are named under, e.g. {@code tier}: {@code ycsb_tier_...}. */
    String name();

    /**
     * Counts that only grow (they may restart from 0 when measuring starts), by CamelCase name:
     * {@code DramHits} becomes {@code ycsb_tier_dram_hits_total}. Never throws: a source that
     * cannot tell now returns an empty map.
     */
    Map<String, Number> counters();

    /** Levels now (open outages, bytes in use), by CamelCase name; never throws. */
    Map<String, Number> gauges();

    /**
     * Counts of several parts of the source, one series per part (each endpoint of a replicated
     * set, say, labelled with its address and role): named as {@link #counters()}, the labels
     * added to the run's. Never throws; none by default.
     */
    default List<Series> partCounters() {
      return List.of();
    }
  }

  /** One part's count: {@code name} as in {@link Source#counters()}, {@code labels} naming the part. */
  public record Series(String name, Map<String, String> labels, Number value) {
    public Series {
      labels = Map.copyOf(labels);
    }
  }

  private static final List<Source> SOURCES = new CopyOnWriteArrayList<>();

  private LiveFigures() {
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
