package io.github.ycsbtiers.runner.workload;

/** What one workload operation does, with the measurement name upstream YCSB reports it under. */
public enum OperationKind {
  INSERT("INSERT"),
  READ("READ"),
  UPDATE("UPDATE"),
  SCAN("SCAN"),
  READ_MODIFY_WRITE("READ-MODIFY-WRITE"),
  DELETE("DELETE");

  private final String measurementName;

  OperationKind(String measurementName) {
    this.measurementName = measurementName;
  }

  /** The section name in YCSB's output, e.g. {@code [READ-MODIFY-WRITE]}. */
  public String measurementName() {
    return measurementName;
  }
}
