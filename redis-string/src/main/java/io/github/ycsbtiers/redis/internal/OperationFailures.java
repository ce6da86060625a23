package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.api.ResultSection;
import io.github.ycsbtiers.api.ResultSections;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the operations of one pool that failed with an exception (they return ERROR) and keeps
 * the first one's cause, so that the reason is not lost without logging per operation. Reported
 * once, when the pool closes: a {@code [REDIS]} report section and one line on stderr.
 */
public final class OperationFailures {
  /** Name of the report section. */
  public static final String SECTION = "REDIS";
  private final LongAdder count = new LongAdder();
  private final AtomicReference<String> first = new AtomicReference<>();

  /** Records a failed operation; only the first one costs more than an increment. */
  public void record(String operation, String key, Throwable e) {
    count.increment();
    if (first.get() == null) {
      first.compareAndSet(null, operation + " " + key + ": " + e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  public long count() {
    return count.sum();
  }

  /** The first failure as {@code OPERATION key: Exception: message}, or null. */
  public String first() {
    return first.get();
  }

  /** Publishes the section and prints the line, if any operation failed. */
  void report(PrintStream err) {
    long n = count();
    if (n == 0) {
      return;
    }
    String firstFailure = first().replaceAll("[,\r\n]+", ";");
    ResultSections.publish(ResultSection.builder(SECTION)
        .add("FailedOperations", n)
        .add("FirstFailure", firstFailure)
        .build());
    err.println("redis-string: " + n + " operation(s) failed with an exception and returned ERROR; the first: "
        + firstFailure);
  }
}
