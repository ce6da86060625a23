package io.github.ycsbtiers.runner.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.measurements.Measurements;

/**
 * A client's threads draw the same key numbers and operations from the same seed, driven through
 * the workload object as the engines drive it (no server).
 */
class SeededSequenceTest {
  private static final int OPS = 5_000;
  private static final int THREADS = 4;

  /** What a drawn operation is made of, apart from random value bytes. */
  record Draw(OperationKind kind, long keyNumber, Set<String> fields, int scanLength, Set<String> written) {
    static Draw of(Operation op) {
      return new Draw(op.kind(), op.keyNumber(), op.fields() == null ? null : Set.copyOf(op.fields()),
          op.scanLength(), op.values() == null ? null : Set.copyOf(op.values().keySet()));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"uniform", "zipfian", "hotspot", "latest", "exponential"})
  void theSameSeedGivesEveryThreadTheSameSequence(String distribution) throws Exception {
    List<List<Draw>> first = sequences(workload(distribution, "42", "1"));
    List<List<Draw>> second = sequences(workload(distribution, "42", "1"));
    assertEquals(first, second);
    Set<List<Draw>> distinct = new HashSet<>(first);
    assertEquals(THREADS, distinct.size(), "threads of one client draw different sequences");
    Set<OperationKind> kinds = new HashSet<>();
    first.get(0).forEach(d -> kinds.add(d.kind()));
    assertEquals(Set.of(OperationKind.READ, OperationKind.UPDATE, OperationKind.SCAN,
        OperationKind.READ_MODIFY_WRITE), kinds);
  }

  @ParameterizedTest
  @ValueSource(strings = {"uniform", "zipfian", "hotspot", "latest", "exponential"})
  void anotherIndexOrBaseSeedGivesOtherSequences(String distribution) throws Exception {
    List<List<Draw>> client1 = sequences(workload(distribution, "42", "1"));
    List<List<Draw>> client2 = sequences(workload(distribution, "42", "2"));
    List<List<Draw>> otherSeed = sequences(workload(distribution, "43", "1"));
    for (int t = 0; t < THREADS; t++) {
      assertNotEquals(keys(client1.get(t)), keys(client2.get(t)), "thread " + t);
      assertNotEquals(keys(client1.get(t)), keys(otherSeed.get(t)), "thread " + t);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"uniform", "zipfian"})
  void aThreadsSequenceDoesNotDependOnTheOthers(String distribution) throws Exception {
    // without inserts no draw reads shared state: thread 2 alone draws what it draws among four
    LongCoreWorkload all = workload(distribution, "42", "1");
    List<List<Draw>> together = sequences(all);
    LongCoreWorkload alone = workload(distribution, "42", "1");
    assertEquals(together.get(2), draw(alone, alone.newOperation(2)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"uniform", "zipfian"})
  void withoutClientSeedEveryRunDrawsAnotherSequence(String distribution) throws Exception {
    List<List<Draw>> first = sequences(workload(distribution, null, "1"));
    List<List<Draw>> second = sequences(workload(distribution, null, "1"));
    assertNotEquals(keys(first.get(0)), keys(second.get(0)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"uniform", "zipfian", "hotspot"})
  void upstreamsClientEntryPointIsSeededToo(String distribution) throws Exception {
    Measurements.setProperties(new Properties());
    LongCoreWorkload a = workload(distribution, "7", "0");
    LongCoreWorkload b = workload(distribution, "7", "0");
    Operation stateA = (Operation) a.initThread(null, 1, THREADS);
    Operation stateB = (Operation) b.initThread(null, 1, THREADS);
    InMemoryDb db = new InMemoryDb();
    for (int i = 0; i < 1000; i++) {
      assertTrue(a.doTransaction(db, stateA));
      assertTrue(b.doTransaction(db, stateB));
      assertEquals(Draw.of(stateA), Draw.of(stateB));
    }
  }

  private static LongCoreWorkload workload(String distribution, String seed, String index) throws Exception {
    List<String> p = new ArrayList<>(List.of("recordcount", "5120000000", "operationcount", "1000000",
        "requestdistribution", distribution, "readproportion", "0.5", "updateproportion", "0.2",
        "scanproportion", "0.1", "readmodifywriteproportion", "0.2", "insertproportion", "0",
        "readallfields", "false", "writeallfields", "false", "fieldcount", "8", "fieldlength", "10",
        "fieldlengthdistribution", "uniform", "maxscanlength", "50", "scanlengthdistribution", "zipfian",
        "client.count", "3", "client.index", index));
    if (seed != null) {
      p.addAll(List.of("client.seed", seed));
    }
    return Fixtures.workload(p.toArray(new String[0]));
  }

  private static List<List<Draw>> sequences(LongCoreWorkload w) {
    List<List<Draw>> out = new ArrayList<>();
    List<Operation> ops = new ArrayList<>();
    List<List<Draw>> draws = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      ops.add(w.newOperation(t));
      draws.add(new ArrayList<>(OPS));
    }
    // interleaved, as threads would run
    for (int i = 0; i < OPS; i++) {
      for (int t = 0; t < THREADS; t++) {
        w.nextTransaction(ops.get(t));
        draws.get(t).add(Draw.of(ops.get(t)));
      }
    }
    out.addAll(draws);
    return out;
  }

  private static List<Draw> draw(LongCoreWorkload w, Operation op) {
    List<Draw> out = new ArrayList<>(OPS);
    for (int i = 0; i < OPS; i++) {
      w.nextTransaction(op);
      out.add(Draw.of(op));
    }
    return out;
  }

  private static List<Long> keys(List<Draw> draws) {
    return draws.stream().map(Draw::keyNumber).toList();
  }
}
