package io.github.ycsbtiers.tiered.store.engine;

/**
 * The root of the store's unchecked exceptions: an operation the persistent tier refused or
 * failed, or a store that cannot be opened; {@link io.github.ycsbtiers.tiered.store.LocationException} is the set-up mistake a user
 * can fix. A property value the store cannot use is not one of these but the project's one
 * {@link io.github.ycsbtiers.api.PropertyException}, as everywhere else.
 */
public class StoreException extends RuntimeException {
  public StoreException(String message) {
    super(message);
  }

  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
