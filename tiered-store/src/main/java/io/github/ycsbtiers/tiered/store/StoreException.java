package io.github.ycsbtiers.tiered.store;

/**
 * The root of the store's unchecked exceptions: an operation the persistent tier refused or
 * failed, or a store that cannot be opened. {@link OptionException} and {@link LocationException}
 * tell the two set-up mistakes a user can fix apart.
 */
public class StoreException extends RuntimeException {
  public StoreException(String message) {
    super(message);
  }

  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
