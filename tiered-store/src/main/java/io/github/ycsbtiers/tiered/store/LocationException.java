package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.tiered.store.engine.StoreException;
import java.nio.file.Path;

/** {@code tiered.path} is missing, not a directory, read-only, too full, or holds the other medium's store. */
public class LocationException extends StoreException {
  private final Path path;

  public LocationException(Path path, String problem) {
    this(path, problem, null);
  }

  public LocationException(Path path, String problem, Throwable cause) {
    super(StoreProperties.PATH + "=" + path + ": " + problem, cause);
    this.path = path;
  }

  public Path path() {
    return path;
  }
}
