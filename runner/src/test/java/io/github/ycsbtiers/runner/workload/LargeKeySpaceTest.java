package io.github.ycsbtiers.runner.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The paper-sized key space: 5,120,000,000 records, far past upstream's 2^31-1. */
class LargeKeySpaceTest {
  private static final long RECORDS = 5_120_000_000L;
  private static final long INSERT_START = 5_119_990_000L;
  private static final long LAST_KEY = RECORDS - 1;

  private static LongCoreWorkload timedInit(String distribution) throws Exception {
    long st = System.nanoTime();
    LongCoreWorkload w = Fixtures.workload(
        "recordcount", String.valueOf(RECORDS), "operationcount", String.valueOf(RECORDS),
        "insertstart", String.valueOf(INSERT_START), "insertcount", "10000",
        "requestdistribution", distribution, "fieldcount", "1", "fieldlength", "8",
        "readproportion", "0.5", "updateproportion", "0.2", "scanproportion", "0.1",
        "readmodifywriteproportion", "0.2", "maxscanlength", "10");
    long millis = (System.nanoTime() - st) / 1_000_000;
    assertTrue(millis < 1000, distribution + " took " + millis + " ms to initialise");
    return w;
  }

  @ParameterizedTest
  @ValueSource(strings = {"uniform", "zipfian", "hotspot", "latest", "sequential", "exponential"})
  void everyDistributionStartsFastAndStaysInRange(String distribution) throws Exception {
    LongCoreWorkload w = timedInit(distribution);
    Operation op = new Operation();
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int i = 0; i < 100_000; i++) {
      w.nextTransaction(op);
      min = Math.min(min, op.keyNumber());
      max = Math.max(max, op.keyNumber());
      assertTrue(op.key().startsWith("user"));
    }
    assertTrue(min >= 0, distribution + " drew key number " + min);
    assertTrue(max <= LAST_KEY, distribution + " drew key number " + max);
    if (!distribution.equals("latest") && !distribution.equals("exponential")) {
      assertTrue(min >= INSERT_START, distribution + " drew key number " + min + " below insertstart");
    }
    // the draws really reach into the 64-bit part of the key space
    assertTrue(max > Integer.MAX_VALUE, distribution + " max " + max);
  }

  @Test
  void loadSequenceCoversExactlyItsRange() throws Exception {
    LongCoreWorkload w = timedInit("uniform");
    KeyNamer namer = new KeyNamer(1, false);
    Operation op = new Operation();
    for (long expected = INSERT_START; expected <= LAST_KEY; expected++) {
      w.nextInsert(op);
      assertEquals(OperationKind.INSERT, op.kind());
      assertEquals(expected, op.keyNumber());
      assertEquals(namer.name(expected), op.key());
      assertEquals(1, op.values().size());
    }
    assertEquals(10_000, w.options().insertCount());
    assertEquals(LAST_KEY, w.options().lastInsertKey());
  }

  @Test
  void latestFollowsAcknowledgedInserts() throws Exception {
    LongCoreWorkload w = Fixtures.workload("recordcount", String.valueOf(RECORDS),
        "requestdistribution", "latest", "readproportion", "0.5", "updateproportion", "0",
        "insertproportion", "0.5", "fieldcount", "1", "fieldlength", "4");
    InMemoryDb db = new InMemoryDb();
    Fixtures.RecordingSink sink = new Fixtures.RecordingSink();
    Operation op = new Operation();
    long inserted = 0;
    long newestRead = -1;
    for (int i = 0; i < 2000; i++) {
      w.nextTransaction(op);
      if (op.kind() == OperationKind.INSERT) {
        assertEquals(RECORDS + inserted, op.keyNumber());
        inserted++;
      } else {
        assertTrue(op.keyNumber() <= RECORDS - 1 + inserted, "read beyond the newest insert");
        newestRead = Math.max(newestRead, op.keyNumber());
      }
      w.execute(db, op, sink);
    }
    assertEquals(RECORDS - 1 + inserted, w.transactionKeys().lastValue());
    assertTrue(newestRead >= RECORDS, "latest never read a key inserted during the run");
  }
}
