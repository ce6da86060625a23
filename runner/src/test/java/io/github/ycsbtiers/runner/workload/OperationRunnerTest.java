package io.github.ycsbtiers.runner.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

class OperationRunnerTest {

  /** A DB whose every call throws. */
  static final class ThrowingDb extends DB {
    final RuntimeException failure = new IllegalStateException("connection reset");

    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      throw failure;
    }

    @Override
    public Status scan(String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
      throw failure;
    }

    @Override
    public Status update(String t, String k, Map<String, ByteIterator> v) {
      throw failure;
    }

    @Override
    public Status insert(String t, String k, Map<String, ByteIterator> v) {
      throw failure;
    }

    @Override
    public Status delete(String t, String k) {
      return null;
    }
  }

  @Test
  void databaseExceptionsBecomeErrors() throws Exception {
    LongCoreWorkload w = Fixtures.workload("recordcount", "100", "readproportion", "1", "updateproportion", "1",
        "insertproportion", "1", "scanproportion", "1", "readmodifywriteproportion", "1");
    ThrowingDb db = new ThrowingDb();
    Fixtures.RecordingSink sink = new Fixtures.RecordingSink();
    Operation op = new Operation();
    for (int i = 0; i < 200; i++) {
      w.nextTransaction(op);
      assertEquals(Status.ERROR, w.execute(db, op, sink), op.toString());
    }
    w.nextInsert(op);
    assertEquals(Status.ERROR, w.execute(db, op, sink));
    op.reset(OperationKind.DELETE, "usertable", 3, w.keyNamer().name(3));
    assertEquals(Status.ERROR, w.execute(db, op, sink), "a null status counts as an error");
  }

  @Test
  void runPhaseInsertsAreAcknowledgedEvenWhenTheyFail() throws Exception {
    LongCoreWorkload w = Fixtures.workload("recordcount", "100", "readproportion", "0", "updateproportion", "0",
        "insertproportion", "1");
    Operation op = new Operation();
    Fixtures.RecordingSink sink = new Fixtures.RecordingSink();
    w.nextTransaction(op);
    assertEquals(100, op.keyNumber());
    assertEquals(Status.ERROR, w.execute(new ThrowingDb(), op, sink));
    assertEquals(100, w.transactionKeys().lastValue());
    w.nextTransaction(op);
    assertEquals(Status.OK, w.execute(new InMemoryDb(), op, sink));
    assertEquals(101, w.transactionKeys().lastValue());
  }

  @Test
  void loadInsertsAreRetriedWithFreshValues() throws Exception {
    AtomicInteger attempts = new AtomicInteger();
    InMemoryDb flaky = new InMemoryDb() {
      @Override
      public Status insert(String table, String key, Map<String, ByteIterator> values) {
        for (ByteIterator v : values.values()) {
          assertEquals(10, v.bytesLeft(), "a retry must not resend consumed values");
          v.toArray();
        }
        return attempts.incrementAndGet() < 3 ? Status.SERVICE_UNAVAILABLE : super.insert(table, key, values);
      }
    };
    LongCoreWorkload w = Fixtures.workload("recordcount", "10", "fieldlength", "10",
        "core_workload_insertion_retry_limit", "3", "core_workload_insertion_retry_interval", "0");
    Operation op = new Operation();
    w.nextInsert(op);
    assertEquals(Status.OK, w.execute(flaky, op, new Fixtures.RecordingSink()));
    assertEquals(3, attempts.get());
    assertEquals(1, flaky.records.size());

    attempts.set(-100);
    LongCoreWorkload noRetry = Fixtures.workload("recordcount", "10", "fieldlength", "10");
    noRetry.nextInsert(op);
    assertEquals(Status.SERVICE_UNAVAILABLE, noRetry.execute(flaky, op, new Fixtures.RecordingSink()));
    assertEquals(-99, attempts.get(), "no retry by default");
  }

  @Test
  void scanAndDeleteReachTheDatabase() throws Exception {
    InMemoryDb db = new InMemoryDb();
    LongCoreWorkload w = Fixtures.workload("recordcount", "50", "insertorder", "ordered", "zeropadding", "3",
        "fieldcount", "1");
    Operation op = new Operation();
    Fixtures.RecordingSink sink = new Fixtures.RecordingSink();
    for (int i = 0; i < 50; i++) {
      w.nextInsert(op);
      w.execute(db, op, sink);
    }
    op.reset(OperationKind.SCAN, "usertable", 10, "user010").withScanLength(5);
    assertEquals(Status.OK, w.execute(db, op, sink));
    assertEquals(5, op.scanResult().size());
    op.reset(OperationKind.DELETE, "usertable", 10, "user010");
    assertEquals(Status.OK, w.execute(db, op, sink));
    assertNull(db.record("usertable", "user010"));
    assertTrue(sink.entries.isEmpty());
  }
}
