package io.github.ycsbtiers.suite.scenario;

/** A set:get ratio such as 4:1 (flash-hit's write:read mixes). */
public record SetGet(int set, int get) {
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
    if (parts.length != 2 || !parts[0].matches("\\d{1,6}") || !parts[1].matches("\\d{1,6}")) {
      throw new IllegalArgumentException("SET:GET, two whole numbers such as 4:1");
    }
    return new SetGet(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
  }

  @Override
  public String toString() {
    return set + ":" + get;
  }
}
