package io.github.ycsbtiers.runner.measure;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Keeps the cause of operations whose binding threw instead of returning a status: they are
 * counted as {@code ERROR} and the run goes on, and the first exception is reported once at the
 * end so that its cause is never lost. Shared by all client threads.
 */
public final class FailureLog {
  private final LongAdder thrown = new LongAdder();
  private final AtomicReference<String> first = new AtomicReference<>();

  /** Records an exception thrown by operation {@code op}. */
  void thrown(String op, Throwable e) {
    thrown.increment();
    if (first.get() == null) {
      first.compareAndSet(null, op + ": " + e.getClass().getName() + ": " + describe(e));
    }
  }

  /** Operations whose binding threw. */
  public long count() {
    return thrown.sum();
  }

  /** The first of them as {@code OP: class: message chain}, or null. */
  public String first() {
    return first.get();
  }

  /** The message chain of an exception on one line, each cause once, so no cause is dropped. */
  public static String describe(Throwable e) {
    StringBuilder sb = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String msg = t.getMessage();
      msg = msg == null || msg.isEmpty() ? t.getClass().getName() : msg;
      if (sb.indexOf(msg) >= 0) {
        break;
      }
      if (sb.length() > 0) {
        sb.append(": ");
      }
      sb.append(msg);
    }
    return sb.toString();
  }
}
