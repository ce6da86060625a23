package io.github.ycsbtiers.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbtiers.testing.YcsbProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntFunction;

/** N bin/ycsb client processes at once, each with its index and result directory, then bin/ycsb merge. */
final class Clients {
  static final Duration TIMEOUT = Duration.ofMinutes(4);

  private Clients() {
  }

  /** Starts every client together and waits for all; client i writes its results under {@code dirs/client-i/}. */
  static List<YcsbProcess.Result> runAll(int count, Path dirs, List<String> args) {
    return runAll(count, dirs, args, i -> List.of());
  }

  /** As {@link #runAll(int, Path, List)}, client i with {@code own.apply(i)} added to its arguments. */
  static List<YcsbProcess.Result> runAll(int count, Path dirs, List<String> args, IntFunction<List<String>> own) {
    List<CompletableFuture<YcsbProcess.Result>> running = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      List<String> mine = new ArrayList<>(args);
      mine.addAll(own.apply(i));
      mine.addAll(List.of("-p", "client.count=" + count, "-p", "client.index=" + i,
          "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + dir(dirs, i) + "/"));
      running.add(CompletableFuture.supplyAsync(() -> YcsbProcess.run(TIMEOUT, Map.of(), mine)));
    }
    List<YcsbProcess.Result> results = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      YcsbProcess.Result r = running.get(i).join();
      assertEquals(0, r.status(), "client " + i + ": " + r.err());
      results.add(r);
    }
    return results;
  }

  static Path dir(Path dirs, int index) {
    Path d = dirs.resolve("client-" + index);
    d.toFile().mkdirs();
    return d;
  }

  static YcsbProcess.Result merge(Path dirs, int count) {
    List<String> args = new ArrayList<>(List.of("merge"));
    for (int i = 0; i < count; i++) {
      args.add(dir(dirs, i).toString());
    }
    return YcsbProcess.run(Duration.ofMinutes(1), args);
  }
}
