package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.probe.InfoSnapshot;
import java.util.List;
import java.util.OptionalLong;

/**
 * Settling after a Load, as the papers sleep before measuring reads: a fixed {@code --settle}
 * sleep, or waiting until the target is quiet (remote: INFO shows no loading, save or rewrite in
 * progress) up to {@code --settle-limit}. The embedded store needs no wait: it lives in the Load's
 * JVM, which has closed it (flushing and syncing) before exiting. Returns what happened, in words.
 */
final class Settler {
  private final OptionalLong fixedSeconds;
  private final long limitSeconds;

  Settler(OptionalLong fixedSeconds, long limitSeconds) {
    this.fixedSeconds = fixedSeconds;
    this.limitSeconds = limitSeconds;
  }

  String settle(TargetRuntime target) throws InterruptedException {
    if (fixedSeconds.isPresent()) {
      Thread.sleep(fixedSeconds.getAsLong() * 1000);
      return "slept " + fixedSeconds.getAsLong() + " s (--settle)";
    }
    if (target.spec().embedded()) {
      return "no wait: the embedded store was closed when the Load's JVM exited (use --settle N to pause)";
    }
    long start = System.nanoTime();
    List<String> busy;
    while (true) {
      InfoSnapshot info = target.info();
      busy = info.busy();
      long waited = (System.nanoTime() - start) / 1_000_000;
      if (busy.isEmpty()) {
        return String.format("quiet after %.1f s (INFO: no loading, save or rewrite in progress)", waited / 1000.0);
      }
      if (waited >= limitSeconds * 1000) {
        return "still busy after " + limitSeconds + " s (--settle-limit): " + String.join(", ", busy);
      }
      Thread.sleep(1000);
    }
  }
}
