package io.github.ycsbtiers.tiered.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** One stage for a client's every operation: its action runs once per operation, where the operation completed. */
class ReusableStageTest {
  @Test
  void anActionRegisteredBeforeCompletionRunsOnTheCompletingThread() throws Exception {
    ReusableStage<String> stage = new ReusableStage<String>().arm();
    List<String> seen = new ArrayList<>();
    stage.whenComplete((r, t) -> seen.add(r + " on " + Thread.currentThread().getName()));
    Thread completer = new Thread(() -> stage.complete("a", null), "completer");
    completer.start();
    completer.join();
    assertEquals(List.of("a on completer"), seen);
  }

  @Test
  void anActionRegisteredAfterCompletionRunsAtOnce() {
    ReusableStage<String> stage = new ReusableStage<String>().arm();
    stage.complete("b", null);
    List<String> seen = new ArrayList<>();
    assertSame(stage, stage.whenComplete((r, t) -> seen.add(r)));
    assertEquals(List.of("b"), seen);
  }

  /** As the runner uses it: the action issues the next operation on the same stage, from inside the completion. */
  @Test
  void rearmedFromItsOwnActionItServesTheNextOperation() {
    ReusableStage<Integer> stage = new ReusableStage<>();
    List<Integer> seen = new ArrayList<>();
    int[] next = {0};
    Runnable[] issue = new Runnable[1];
    issue[0] = () -> {
      int n = next[0]++;
      stage.arm().whenComplete((r, t) -> {
        seen.add(r);
        if (r < 4) {
          issue[0].run();
        }
      });
      stage.complete(n, null);
    };
    issue[0].run();
    assertEquals(List.of(0, 1, 2, 3, 4), seen);
  }

  @Test
  void failuresAndOtherUsesGoThroughACompletableFuture() throws Exception {
    ReusableStage<String> stage = new ReusableStage<String>().arm();
    CompletableFuture<String> upper = stage.thenApply(String::toUpperCase).toCompletableFuture();
    CompletableFuture<String> plain = stage.toCompletableFuture();
    stage.complete("c", null);
    assertEquals("C", upper.get(1, TimeUnit.SECONDS));
    assertEquals("c", plain.get(1, TimeUnit.SECONDS));
    stage.arm();
    CompletableFuture<String> failing = stage.toCompletableFuture();
    stage.complete(null, new IllegalStateException("lost"));
    ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
        () -> failing.get(1, TimeUnit.SECONDS));
    assertTrue(e.getCause() instanceof IllegalStateException);
  }

  /** What an action throws stays there, as with CompletableFuture: the completing thread (a store loop) goes on. */
  @Test
  void anActionThatThrowsDoesNotReachTheCompletingThread() {
    ReusableStage<String> stage = new ReusableStage<String>().arm();
    stage.whenComplete((r, t) -> {
      throw new IllegalStateException("the action's own failure");
    });
    stage.complete("d", null);
    stage.whenComplete((r, t) -> {
      throw new IllegalStateException("registered late");
    });
  }
}
