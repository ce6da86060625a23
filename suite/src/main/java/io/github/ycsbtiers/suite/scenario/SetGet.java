package io.github.ycsbtiers.suite.scenario;

import io.github.ycsbtiers.api.PropertyValues;

/** A set:get ratio such as 4:1 (flash-hit's write:read mixes). */
public record SetGet(int set, int get) {
  private static final int MAX_PART = 999_999;

  public SetGet {
    if (set < 0 || get < 0 || set + get == 0) {
      throw new IllegalArgumentException("set and get must be whole numbers >= 0, not both 0");
    }
  }

  /**
   * Parses {@code SET:GET}.
   *
   * @throws IllegalArgumentException when malformed
   */
  public static SetGet parse(String text) {
    String[] parts = text.trim().split(":");
    long set = parts.length == 2 ? PropertyValues.wholeNumber(parts[0].trim()).orElse(-1) : -1;
    long get = parts.length == 2 ? PropertyValues.wholeNumber(parts[1].trim()).orElse(-1) : -1;
    if (set < 0 || get < 0 || set > MAX_PART || get > MAX_PART) {
      throw new IllegalArgumentException("SET:GET, two whole numbers from 0 to " + MAX_PART + " such as 4:1");
    }
    return new SetGet((int) set, (int) get);
  }

  @Override
  public String toString() {
    return set + ":" + get;
  }
}
