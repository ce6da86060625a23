package io.github.ycsbtiers.tiered.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.tiered.store.MemoryBudget;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.StoreDirs;
import io.github.ycsbtiers.tiered.store.TieredStore;
import io.github.ycsbtiers.tiered.store.WarmupMode;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Crash safety: a child JVM loads with tiered.sync=always and prints every acknowledged key; it is
 * killed with SIGKILL mid-load; the reopened store holds every acknowledged insert with its value.
 */
class CrashSafetyIT {
  private static final int THREADS = 4;
  private Path dir;
  private Path childTmp;

  @AfterEach
  void deleteStore() {
    StoreDirs.delete(dir);
    StoreDirs.delete(childTmp);
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void everyAcknowledgedInsertSurvivesSigkill(Medium medium) throws Exception {
    dir = StoreDirs.create(medium);
    // the engines unpack their native libraries into java.io.tmpdir and delete them at exit, which
    // a killed JVM never reaches: give the child a directory of its own to delete afterwards
    childTmp = Files.createTempDirectory("tiered-crash-child-");
    List<String> command = List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
        "-Djava.io.tmpdir=" + childTmp,
        "-cp", System.getProperty("java.class.path"),
        CrashLoader.class.getName(), medium.label(), dir.toString(), Integer.toString(THREADS));
    Process child = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT)
        .redirectInput(new File("/dev/null")).start();
    List<String> acked = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    // enough acknowledged writes that the kill lands in the middle of a busy load
    int killAfter = medium == Medium.PMEM ? 20_000 : 500;
    CountDownLatch enough = new CountDownLatch(1);
    CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(),
          StandardCharsets.US_ASCII))) {
        for (String line; (line = in.readLine()) != null; ) {
          if (line.startsWith("ack ")) {
            acked.add(line.substring(4));
            if (acked.size() >= killAfter) {
              enough.countDown();
            }
          } else {
            failed.add(line);
          }
        }
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    try {
      assertTrue(enough.await(90, TimeUnit.SECONDS), "the child acknowledged only " + acked.size() + " inserts");
      assertTrue(child.isAlive(), "the child ended before it was killed");
      // SIGKILL; through the handle, because Process.destroyForcibly also closes our end of the
      // child's stdout, which would drop acknowledgements still in the pipe
      child.toHandle().destroyForcibly();
      assertTrue(child.waitFor(30, TimeUnit.SECONDS));
      assertEquals(137, child.exitValue(), "exit status of a SIGKILLed JVM");
      reader.get(30, TimeUnit.SECONDS); // every line written before the kill
    } finally {
      child.destroyForcibly();
    }
    assertEquals(List.of(), failed);

    int lost = 0;
    String firstLost = null;
    try (TieredStore store = TieredStore.open(StoreDirs.options(medium, dir, 1_000_000)
        .budget(MemoryBudget.ofBytes(0)).warmup(WarmupMode.NONE).build())) {
      for (String key : acked) {
        byte[] v = store.get(key);
        if (v == null) {
          lost++;
          firstLost = firstLost == null ? key : firstLost;
        } else {
          assertArrayEquals(CrashLoader.valueOf(key), v, key);
        }
      }
      assertNotNull(store.get(acked.get(0)));
    }
    assertEquals(0, lost, "acknowledged inserts lost after SIGKILL, the first: " + firstLost + " of "
        + acked.size());
  }
}
