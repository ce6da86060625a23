package io.github.ycsbtiers.runner.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsb.Status;
import site.ycsb.WorkloadException;

/** Small helpers shared by the workload tests. */
final class Fixtures {
  private Fixtures() {
  }

  static Properties props(String... keyValues) {
    Properties p = new Properties();
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return p;
  }

  static LongCoreWorkload workload(String... keyValues) throws WorkloadException {
    LongCoreWorkload w = new LongCoreWorkload();
    w.init(props(keyValues));
    return w;
  }

  /** A {@link TimingSink} that keeps what it is given. */
  static final class RecordingSink implements TimingSink {
    record Entry(String measurement, Status status, long nanos) {
    }

    final List<Entry> entries = new ArrayList<>();

    @Override
    public synchronized void record(String measurement, Status status, long startNanos, long endNanos) {
      entries.add(new Entry(measurement, status, endNanos - startNanos));
    }

    synchronized List<Status> statusesOf(String measurement) {
      List<Status> out = new ArrayList<>();
      for (Entry e : entries) {
        if (e.measurement().equals(measurement)) {
          out.add(e.status());
        }
      }
      return out;
    }
  }
}
