package io.github.ycsbtiers.runner.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.PropertyException;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import site.ycsb.WorkloadException;

class OperationMixTest {

  @Test
  void mixMatchesProportions() throws Exception {
    // weights, not fractions: upstream normalises by their sum
    LongCoreWorkload w = Fixtures.workload("recordcount", "100000", "operationcount", "100000",
        "readproportion", "5", "updateproportion", "2", "insertproportion", "1", "scanproportion", "1",
        "readmodifywriteproportion", "1", "fieldcount", "2", "fieldlength", "4");
    Map<OperationKind, Integer> counts = new EnumMap<>(OperationKind.class);
    Operation op = new Operation();
    int total = 200_000;
    for (int i = 0; i < total; i++) {
      w.nextTransaction(op);
      counts.merge(op.kind(), 1, Integer::sum);
    }
    assertEquals(0.5, share(counts, OperationKind.READ, total), 0.01);
    assertEquals(0.2, share(counts, OperationKind.UPDATE, total), 0.01);
    assertEquals(0.1, share(counts, OperationKind.INSERT, total), 0.01);
    assertEquals(0.1, share(counts, OperationKind.SCAN, total), 0.01);
    assertEquals(0.1, share(counts, OperationKind.READ_MODIFY_WRITE, total), 0.01);
    assertFalse(counts.containsKey(OperationKind.DELETE));
  }

  @Test
  void operationsAreFilledAsUpstreamFillsThem() throws Exception {
    LongCoreWorkload w = Fixtures.workload("recordcount", "1000", "readproportion", "1",
        "updateproportion", "1", "insertproportion", "1", "scanproportion", "1",
        "readmodifywriteproportion", "1", "readallfields", "false", "writeallfields", "true",
        "fieldcount", "4", "fieldnameprefix", "f", "maxscanlength", "7");
    Operation op = new Operation();
    long nextInsertKey = 1000;
    for (int i = 0; i < 5000; i++) {
      w.nextTransaction(op);
      assertEquals("usertable", op.table());
      switch (op.kind()) {
        case READ, SCAN -> {
          assertEquals(1, op.fields().size());
          assertTrue(op.fields().iterator().next().matches("f[0-3]"));
          if (op.kind() == OperationKind.SCAN) {
            assertTrue(op.scanLength() >= 1 && op.scanLength() <= 7);
          }
        }
        case UPDATE -> assertEquals(4, op.values().size());
        case INSERT -> {
          assertEquals(nextInsertKey++, op.keyNumber());
          assertTrue(op.acknowledgesKey());
          assertEquals(4, op.values().size());
        }
        case READ_MODIFY_WRITE -> {
          assertEquals(1, op.fields().size());
          assertEquals(4, op.values().size());
        }
        default -> throw new AssertionError(op.kind());
      }
      assertEquals(w.keyNamer().name(op.keyNumber()), op.key());
    }
  }

  @Test
  void readAllFieldsPassesNullUnlessNamed() throws Exception {
    Operation op = new Operation();
    Fixtures.workload("readproportion", "1", "updateproportion", "0").nextTransaction(op);
    assertNull(op.fields());
    Fixtures.workload("readproportion", "1", "updateproportion", "0", "readallfieldsbyname", "true",
        "fieldcount", "3").nextTransaction(op);
    assertEquals(3, op.fields().size());
  }

  @Test
  void noProportionsFailAtInitForTheRunPhaseOnly() throws Exception {
    WorkloadException e = assertThrows(WorkloadException.class,
        () -> Fixtures.workload("readproportion", "0", "updateproportion", "0"));
    assertTrue(e.getMessage().contains("readproportion, updateproportion"), e.getMessage());
    LongCoreWorkload load = Fixtures.workload("readproportion", "0", "updateproportion", "0", "dotransactions", "false");
    assertThrows(PropertyException.class, () -> load.nextTransaction(new Operation()));
    assertFalse(load.doTransaction(new InMemoryDb(), load.initThread(null, 0, 1)));
  }

  private static double share(Map<OperationKind, Integer> counts, OperationKind kind, int total) {
    return counts.getOrDefault(kind, 0) / (double) total;
  }
}
