package io.github.ycsbtiers.runner.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

class DataIntegrityTest {
  private static final int RECORDS = 200;

  private static LongCoreWorkload loaded(InMemoryDb db, String... extra) throws Exception {
    String[] base = {"recordcount", String.valueOf(RECORDS), "dataintegrity", "true", "fieldcount", "3",
        "fieldlength", "60", "readproportion", "1", "updateproportion", "0"};
    String[] all = new String[base.length + extra.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(extra, 0, all, base.length, extra.length);
    LongCoreWorkload w = Fixtures.workload(all);
    Fixtures.RecordingSink sink = new Fixtures.RecordingSink();
    Operation op = new Operation();
    for (int i = 0; i < RECORDS; i++) {
      w.nextInsert(op);
      assertEquals(Status.OK, w.execute(db, op, sink));
    }
    assertTrue(sink.entries.isEmpty(), "inserts are timed by the DB decorator, not the workload");
    assertEquals(RECORDS, db.records.size());
    return w;
  }

  @Test
  void loadedDataVerifiesOnRead() throws Exception {
    InMemoryDb db = new InMemoryDb();
    LongCoreWorkload w = loaded(db);
    Fixtures.RecordingSink sink = new Fixtures.RecordingSink();
    Operation op = new Operation();
    for (int i = 0; i < 1000; i++) {
      w.nextTransaction(op);
      assertEquals(OperationKind.READ, op.kind());
      assertEquals(3, op.fields().size(), "dataintegrity names every field");
      assertEquals(Status.OK, w.execute(db, op, sink));
      assertEquals(3, op.readResult().size());
    }
    List<Status> verified = sink.statusesOf(OperationRunner.VERIFY);
    assertEquals(1000, verified.size());
    assertTrue(verified.stream().allMatch(Status.OK::equals), verified.toString());
  }

  @Test
  void corruptedOrMissingDataIsReported() throws Exception {
    InMemoryDb db = new InMemoryDb();
    LongCoreWorkload w = loaded(db);
    String table = w.options().table();
    String key = w.keyNamer().name(17);
    Map<String, byte[]> record = db.record(table, key);
    record.put("field1", "garbage".getBytes(StandardCharsets.UTF_8));

    Fixtures.RecordingSink sink = new Fixtures.RecordingSink();
    Operation op = new Operation().reset(OperationKind.READ, table, 17, key);
    assertEquals(Status.OK, w.execute(db, op, sink));
    String missing = w.keyNamer().name(RECORDS + 5);
    op.reset(OperationKind.READ, table, RECORDS + 5, missing);
    assertEquals(Status.NOT_FOUND, w.execute(db, op, sink));
    assertEquals(List.of(Status.UNEXPECTED_STATE, Status.ERROR), sink.statusesOf(OperationRunner.VERIFY));
  }

  @Test
  void readModifyWriteIsTimedAndVerified() throws Exception {
    InMemoryDb db = new InMemoryDb();
    LongCoreWorkload w = loaded(db, "readproportion", "0", "readmodifywriteproportion", "1");
    Fixtures.RecordingSink sink = new Fixtures.RecordingSink();
    Operation op = new Operation();
    for (int i = 0; i < 100; i++) {
      w.nextTransaction(op);
      assertEquals(OperationKind.READ_MODIFY_WRITE, op.kind());
      assertEquals(Status.OK, w.execute(db, op, sink));
    }
    List<Status> rmw = sink.statusesOf(OperationKind.READ_MODIFY_WRITE.measurementName());
    assertEquals(100, rmw.size());
    assertTrue(rmw.stream().allMatch(s -> s == null), "upstream counts no return code for READ-MODIFY-WRITE");
    assertTrue(sink.statusesOf(OperationRunner.VERIFY).stream().allMatch(Status.OK::equals));
    assertTrue(sink.entries.stream().allMatch(e -> e.nanos() >= 0));
  }

  @Test
  void valuesEqualUpstreamDeterministicValues() throws Exception {
    for (int length : new int[] {0, 5, 20, 100, 1000}) {
      UpstreamCoreWorkload upstream = UpstreamCoreWorkload.create(Fixtures.props(
          "dataintegrity", "true", "fieldlength", String.valueOf(length), "recordcount", "1000"));
      LongCoreWorkload ours = Fixtures.workload("dataintegrity", "true", "fieldlength",
          String.valueOf(length), "recordcount", "1000", "fieldcount", "1");
      Operation op = new Operation();
      for (int i = 0; i < 50; i++) {
        ours.nextInsert(op);
        ByteIterator value = op.values().get("field0");
        assertEquals(upstream.deterministicValue(op.key(), "field0"), value.toString(), "length " + length);
      }
    }
  }

  @Test
  void randomValuesHaveTheFieldLength() throws Exception {
    LongCoreWorkload w = Fixtures.workload("fieldcount", "4", "fieldlength", "33");
    Operation op = new Operation();
    w.nextInsert(op);
    assertEquals(4, op.values().size());
    for (ByteIterator v : op.values().values()) {
      assertEquals(33, v.toArray().length);
    }
    assertFalse(op.acknowledgesKey());
  }
}
