package io.github.ycsbtiers.api;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The asynchronous side of a YCSB binding, for the runner's {@code async} engine: each call sends
 * one operation and returns at once; the stage completes with the operation's {@link Status} when
 * the reply arrives. Implemented by a {@link site.ycsb.DB} subclass next to its synchronous
 * methods, so the same binding still runs under upstream YCSB's synchronous client.
 *
 * <p>Contract, as {@link site.ycsb.DB}'s: a missing record is {@link Status#NOT_FOUND}; failures
 * (timeouts, lost connections, server errors) complete the stage with {@link Status#ERROR} or
 * exceptionally, never by throwing from the call. A read fills {@code result} before its stage
 * completes. Stages may complete on any thread. The {@code values} map belongs to the binding
 * until the stage completes.
 *
 * <p>Instances: by default the engine makes one per logical client, as YCSB makes one per client
 * thread, and keeps one operation of it in flight at a time; a binding that sends the operations of
 * several clients together (a pipeline) asks for one per engine thread instead
 * ({@link #sharedByEngineThread}), and that thread then keeps several in flight at once.
 */
public interface AsyncDb {
  CompletionStage<Status> readAsync(String table, String key, Set<String> fields, Map<String, ByteIterator> result);

  CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values);

  CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values);

  CompletionStage<Status> deleteAsync(String table, String key);

  /**
   * Sends the operations this instance has buffered (a binding may hold operations back to send
   * several at once). The engine calls it, on the thread that issues this instance's operations,
   * whenever it is about to wait for completions, so a buffered operation is never left unsent.
   */
  default void flush() {
  }

  /**
   * True when the engine should give one instance to all the logical clients one engine thread
   * drives (the binding sends their operations together, and {@link #flush} sends what it held
   * back); false, the default, for one instance per logical client. Asked of an instance with its
   * properties set, not initialised.
   */
  default boolean sharedByEngineThread() {
    return false;
  }

  /**
   * The event loop that completes this instance's operations, or null if there is none. Under
   * {@code -target} the engine waits for a client's next due time there, so the operation is sent
   * from the thread that owns the connection, with no hand-over between threads. Asked after
   * {@code init}.
   */
  default ScheduledExecutorService eventLoop() {
    return null;
  }

  /**
   * Why this instance, as configured by its properties (set, not yet initialised), cannot run
   * asynchronously, or null if it can. Checked before any work so that a binding whose
   * asynchronous path depends on a setting (such as a client library) is refused with one line.
   */
  default String asyncUnsupportedReason() {
    return null;
  }
}
