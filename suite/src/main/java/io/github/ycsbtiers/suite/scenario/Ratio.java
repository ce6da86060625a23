package io.github.ycsbtiers.suite.scenario;

/** A memory:data ratio such as 7:1 (memory larger than data) or 1:4 (data larger than memory). */
public record Ratio(int memory, int data) {
  public static final Ratio MEMORY_LARGER = new Ratio(7, 1);
  public static final Ratio DATA_LARGER = new Ratio(1, 4);

  public boolean memoryLarger() {
    return memory >= data;
  }

  @Override
  public String toString() {
    return memory + ":" + data;
  }
}
