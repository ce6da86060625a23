package io.github.ycsbtiers.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The extra report sections bindings have published in this process. A binding publishes its
 * section when its statistics are final (typically in the last {@code cleanup}); publishing a
 * section with the same name again replaces it. The runner writes every published section after
 * upstream's sections; under upstream YCSB nothing reads them.
 */
public final class ResultSections {
  private static final Map<String, ResultSection> PUBLISHED = new LinkedHashMap<>();

  private ResultSections() {
  }

  public static synchronized void publish(ResultSection section) {
    PUBLISHED.put(section.name(), section);
  }

  /** The sections published so far, in first-publication order. */
  public static synchronized List<ResultSection> published() {
    return new ArrayList<>(PUBLISHED.values());
  }

  /** Forgets every section, so a later phase in the same process starts empty. */
  public static synchronized void clear() {
    PUBLISHED.clear();
  }
}
