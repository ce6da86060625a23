package io.github.ycsbtiers.tiered.store;

/** A property value the store cannot use; the message names the property, the value and what is allowed. */
public class OptionException extends StoreException {
  private final String property;

  public OptionException(String property, String value, String problem) {
    super(property + "=" + value + ": " + problem);
    this.property = property;
  }

  /** The property at fault, e.g. {@code tiered.ratio}. */
  public String property() {
    return property;
  }
}
