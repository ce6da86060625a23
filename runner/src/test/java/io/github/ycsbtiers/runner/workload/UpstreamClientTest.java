package io.github.ycsbtiers.runner.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/** doInsert/doTransaction as upstream YCSB's own client calls them. */
class UpstreamClientTest {

  @Test
  void loadAndRunTheUpstreamWay() throws Exception {
    Measurements.setProperties(new Properties());
    Properties p = Fixtures.props("recordcount", "300", "operationcount", "300", "dataintegrity", "true",
        "fieldcount", "2", "fieldlength", "40", "readproportion", "0", "updateproportion", "0",
        "readmodifywriteproportion", "1", "insertorder", "ordered");
    LongCoreWorkload w = new LongCoreWorkload();
    w.init(p);
    InMemoryDb db = new InMemoryDb();
    Object state = w.initThread(p, 0, 1);
    for (int i = 0; i < 300; i++) {
      assertTrue(w.doInsert(db, state));
    }
    assertEquals(300, db.records.size());
    assertTrue(db.records.containsKey("usertable/user299"));
    for (int i = 0; i < 300; i++) {
      assertTrue(w.doTransaction(db, state));
    }
    assertEquals(300 + 2 * 300, db.calls.get(), "each read-modify-write is one read and one update");
    String summary = Measurements.getMeasurements().getSummary();
    assertTrue(summary.contains("READ-MODIFY-WRITE"), summary);
    assertTrue(summary.contains("VERIFY"), summary);
  }

  @Test
  void aFailedInsertDoesNotEndTheThread() throws Exception {
    Measurements.setProperties(new Properties());
    LongCoreWorkload w = Fixtures.workload("recordcount", "10");
    InMemoryDb failing = new InMemoryDb() {
      @Override
      public Status insert(String table, String key, java.util.Map<String, site.ycsb.ByteIterator> values) {
        throw new IllegalStateException("connection refused");
      }
    };
    assertTrue(w.doInsert(failing, null));
    assertTrue(w.doInsert(failing, w.initThread(null, 0, 1)));
  }
}
