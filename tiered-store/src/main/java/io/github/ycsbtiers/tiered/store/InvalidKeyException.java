package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.tiered.store.engine.StoreException;

/** A key the persistent tier cannot store: empty, or longer than the engine allows (LMDB: 511 bytes). */
public class InvalidKeyException extends StoreException {
  public InvalidKeyException(String message) {
    super(message);
  }
}
