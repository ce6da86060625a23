package io.github.ycsbtiers.tiered.store.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.tiered.store.engine.StoreException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class GroupCommitTest {

  private static byte[] key(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void aLoneWriterCommitsItsOwnBatch() {
    List<Integer> sizes = new ArrayList<>();
    GroupCommit commits = new GroupCommit(8, batch -> sizes.add(batch.size()));
    commits.put(key("a"), new byte[] {1});
    commits.put(key("b"), new byte[] {2});
    assertEquals(List.of(1, 1), sizes);
    assertEquals(2, commits.batches());
  }

  @Test
  void concurrentWritersShareCommitsAndReturnOnlyAfterTheirs() throws Exception {
    Set<String> committed = ConcurrentHashMap.newKeySet();
    GroupCommit commits = new GroupCommit(8, batch -> {
      Thread.sleep(0, 200_000); // a sync takes time: writers queue up meanwhile
      for (WriteRequest r : batch) {
        committed.add(new String(r.key(), StandardCharsets.UTF_8));
      }
    });
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> writers = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int thread = t;
        writers.add(pool.submit(() -> {
          for (int i = 0; i < 500; i++) {
            String k = thread + ":" + i;
            commits.put(key(k), new byte[0]);
            assertTrue(committed.contains(k), k + " returned before its commit");
          }
        }));
      }
      for (Future<?> w : writers) {
        w.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(4000, committed.size());
    assertTrue(commits.batches() < 4000, "no batch was shared: " + commits.batches());
  }

  @Test
  void aFailedBatchFailsItsWritersAndTheNextBatchRuns() {
    IllegalStateException boom = new IllegalStateException("disk on fire");
    AtomicInteger calls = new AtomicInteger();
    GroupCommit commits = new GroupCommit(8, batch -> {
      if (calls.incrementAndGet() == 1) {
        throw boom;
      }
    });
    StoreException e = assertThrows(StoreException.class, () -> commits.put(key("a"), new byte[0]));
    assertSame(boom, e.getCause());
    assertTrue(e.getMessage().contains("disk on fire"), e.getMessage());
    commits.put(key("a"), new byte[0]);
    assertEquals(2, calls.get());
  }

  @Test
  void deletesReportWhetherTheKeyExisted() {
    GroupCommit commits = new GroupCommit(8, batch -> {
      for (WriteRequest r : batch) {
        if (r.value() == null) {
          r.existed(new String(r.key(), StandardCharsets.UTF_8).equals("there"));
        }
      }
    });
    assertTrue(commits.delete(key("there")));
    assertFalse(commits.delete(key("gone")));
  }

  /** What runs between commits sees none under way, and the writers that queued meanwhile commit after it. */
  @Test
  void runBetweenCommitsWaitsForTheCommitUnderWayAndHoldsWritersBack() throws Exception {
    java.util.concurrent.atomic.AtomicBoolean committing = new java.util.concurrent.atomic.AtomicBoolean();
    AtomicInteger overlaps = new AtomicInteger();
    AtomicInteger written = new AtomicInteger();
    GroupCommit commits = new GroupCommit(4, batch -> {
      committing.set(true);
      Thread.sleep(1);
      written.addAndGet(batch.size());
      committing.set(false);
    });
    ExecutorService writers = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int thread = t;
        done.add(writers.submit(() -> {
          for (int i = 0; i < 200; i++) {
            commits.put(key(thread + "-" + i), new byte[] {1});
          }
        }));
      }
      int runs = 0;
      while (done.stream().anyMatch(f -> !f.isDone())) {
        commits.runBetweenCommits(() -> {
          if (committing.get()) {
            overlaps.incrementAndGet();
          }
        });
        runs++;
        Thread.sleep(2);
      }
      for (Future<?> f : done) {
        f.get(30, TimeUnit.SECONDS);
      }
      assertTrue(runs > 0);
      assertEquals(0, overlaps.get(), "ran during a commit");
      assertEquals(800, written.get());
    } finally {
      writers.shutdownNow();
    }
  }
}
