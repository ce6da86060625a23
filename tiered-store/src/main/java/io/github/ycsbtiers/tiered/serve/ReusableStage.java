package io.github.ycsbtiers.tiered.serve;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The stage a client's operation returns, reused from operation to operation: a client has one
 * operation in flight, so one stage serves them all, and an operation allocates nothing for its
 * completion. {@link #arm} before each operation; {@link #complete} once. A {@link #whenComplete}
 * action runs on the completing thread, or at once on the caller's if the operation is already
 * complete, and (unlike {@link CompletableFuture}'s) returns this stage rather than a new one: its
 * one user, the runner, ignores what it returns. Every other method works on
 * {@link #toCompletableFuture}, which costs a future per call.
 */
public final class ReusableStage<T> implements CompletionStage<T> {
  private static final VarHandle ACTION;
  /** Stands in the action slot once the operation completed. */
  private static final Object DONE = new Object();

  static {
    try {
      ACTION = MethodHandles.lookup().findVarHandle(ReusableStage.class, "action", Object.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Null while pending with no action, the action to run, or {@link #DONE}. */
  @SuppressWarnings("unused") // through ACTION
  private volatile Object action;
  private T result;
  private Throwable failure;

  /** Makes the stage pending for the next operation; only while no operation is in flight. */
  public ReusableStage<T> arm() {
    result = null;
    failure = null;
    ACTION.setVolatile(this, (Object) null);
    return this;
  }

  /** Completes the operation with {@code value}, or with {@code thrown} if not null: runs the action registered. */
  @SuppressWarnings("unchecked")
  public void complete(T value, Throwable thrown) {
    result = value;
    failure = thrown;
    // the exchange publishes result and failure to a whenComplete that comes after it
    Object a = ACTION.getAndSet(this, DONE);
    if (a != null && a != DONE) {
      run((BiConsumer<? super T, ? super Throwable>) a, value, thrown);
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  public CompletionStage<T> whenComplete(BiConsumer<? super T, ? super Throwable> next) {
    while (true) {
      Object current = action;
      if (current == DONE) {
        run(next, result, failure);
        return this;
      }
      Object both = current == null ? next : chain((BiConsumer<? super T, ? super Throwable>) current, next);
      if (ACTION.compareAndSet(this, current, both)) {
        return this;
      }
    }
  }

  /**
   * Runs an action; what it throws ends there, as with {@link CompletableFuture#whenComplete}
   * (which would fail the stage it returns, one nobody holds here): it must not reach the store's
   * thread that completed the operation, nor fail an operation issued since.
   */
  private static <T> void run(BiConsumer<? super T, ? super Throwable> action, T value, Throwable thrown) {
    try {
      action.accept(value, thrown);
    } catch (RuntimeException | Error e) {
      // see above
    }
  }

  private static <T> BiConsumer<T, Throwable> chain(BiConsumer<? super T, ? super Throwable> first,
                                                    BiConsumer<? super T, ? super Throwable> then) {
    return (r, t) -> {
      first.accept(r, t);
      then.accept(r, t);
    };
  }

  /** A new future completed as this operation is (a future per call: for uses off the hot path). */
  @Override
  public CompletableFuture<T> toCompletableFuture() {
    CompletableFuture<T> f = new CompletableFuture<>();
    whenComplete((r, t) -> {
      if (t != null) {
        f.completeExceptionally(t);
      } else {
        f.complete(r);
      }
    });
    return f;
  }

  @Override
  public <U> CompletionStage<U> thenApply(Function<? super T, ? extends U> fn) {
    return toCompletableFuture().thenApply(fn);
  }

  @Override
  public <U> CompletionStage<U> thenApplyAsync(Function<? super T, ? extends U> fn) {
    return toCompletableFuture().thenApplyAsync(fn);
  }

  @Override
  public <U> CompletionStage<U> thenApplyAsync(Function<? super T, ? extends U> fn, Executor executor) {
    return toCompletableFuture().thenApplyAsync(fn, executor);
  }

  @Override
  public CompletionStage<Void> thenAccept(Consumer<? super T> action) {
    return toCompletableFuture().thenAccept(action);
  }

  @Override
  public CompletionStage<Void> thenAcceptAsync(Consumer<? super T> action) {
    return toCompletableFuture().thenAcceptAsync(action);
  }

  @Override
  public CompletionStage<Void> thenAcceptAsync(Consumer<? super T> action, Executor executor) {
    return toCompletableFuture().thenAcceptAsync(action, executor);
  }

  @Override
  public CompletionStage<Void> thenRun(Runnable action) {
    return toCompletableFuture().thenRun(action);
  }

  @Override
  public CompletionStage<Void> thenRunAsync(Runnable action) {
    return toCompletableFuture().thenRunAsync(action);
  }

  @Override
  public CompletionStage<Void> thenRunAsync(Runnable action, Executor executor) {
    return toCompletableFuture().thenRunAsync(action, executor);
  }

  @Override
  public <U, V> CompletionStage<V> thenCombine(CompletionStage<? extends U> other,
                                               BiFunction<? super T, ? super U, ? extends V> fn) {
    return toCompletableFuture().thenCombine(other, fn);
  }

  @Override
  public <U, V> CompletionStage<V> thenCombineAsync(CompletionStage<? extends U> other,
                                                    BiFunction<? super T, ? super U, ? extends V> fn) {
    return toCompletableFuture().thenCombineAsync(other, fn);
  }

  @Override
  public <U, V> CompletionStage<V> thenCombineAsync(CompletionStage<? extends U> other,
                                                    BiFunction<? super T, ? super U, ? extends V> fn, Executor executor) {
    return toCompletableFuture().thenCombineAsync(other, fn, executor);
  }

  @Override
  public <U> CompletionStage<Void> thenAcceptBoth(CompletionStage<? extends U> other,
                                                  BiConsumer<? super T, ? super U> action) {
    return toCompletableFuture().thenAcceptBoth(other, action);
  }

  @Override
  public <U> CompletionStage<Void> thenAcceptBothAsync(CompletionStage<? extends U> other,
                                                       BiConsumer<? super T, ? super U> action) {
    return toCompletableFuture().thenAcceptBothAsync(other, action);
  }

  @Override
  public <U> CompletionStage<Void> thenAcceptBothAsync(CompletionStage<? extends U> other,
                                                       BiConsumer<? super T, ? super U> action, Executor executor) {
    return toCompletableFuture().thenAcceptBothAsync(other, action, executor);
  }

  @Override
  public CompletionStage<Void> runAfterBoth(CompletionStage<?> other, Runnable action) {
    return toCompletableFuture().runAfterBoth(other, action);
  }

  @Override
  public CompletionStage<Void> runAfterBothAsync(CompletionStage<?> other, Runnable action) {
    return toCompletableFuture().runAfterBothAsync(other, action);
  }

  @Override
  public CompletionStage<Void> runAfterBothAsync(CompletionStage<?> other, Runnable action, Executor executor) {
    return toCompletableFuture().runAfterBothAsync(other, action, executor);
  }

  @Override
  public <U> CompletionStage<U> applyToEither(CompletionStage<? extends T> other, Function<? super T, U> fn) {
    return toCompletableFuture().applyToEither(other, fn);
  }

  @Override
  public <U> CompletionStage<U> applyToEitherAsync(CompletionStage<? extends T> other, Function<? super T, U> fn) {
    return toCompletableFuture().applyToEitherAsync(other, fn);
  }

  @Override
  public <U> CompletionStage<U> applyToEitherAsync(CompletionStage<? extends T> other, Function<? super T, U> fn,
                                                   Executor executor) {
    return toCompletableFuture().applyToEitherAsync(other, fn, executor);
  }

  @Override
  public CompletionStage<Void> acceptEither(CompletionStage<? extends T> other, Consumer<? super T> action) {
    return toCompletableFuture().acceptEither(other, action);
  }

  @Override
  public CompletionStage<Void> acceptEitherAsync(CompletionStage<? extends T> other, Consumer<? super T> action) {
    return toCompletableFuture().acceptEitherAsync(other, action);
  }

  @Override
  public CompletionStage<Void> acceptEitherAsync(CompletionStage<? extends T> other, Consumer<? super T> action,
                                                 Executor executor) {
    return toCompletableFuture().acceptEitherAsync(other, action, executor);
  }

  @Override
  public CompletionStage<Void> runAfterEither(CompletionStage<?> other, Runnable action) {
    return toCompletableFuture().runAfterEither(other, action);
  }

  @Override
  public CompletionStage<Void> runAfterEitherAsync(CompletionStage<?> other, Runnable action) {
    return toCompletableFuture().runAfterEitherAsync(other, action);
  }

  @Override
  public CompletionStage<Void> runAfterEitherAsync(CompletionStage<?> other, Runnable action, Executor executor) {
    return toCompletableFuture().runAfterEitherAsync(other, action, executor);
  }

  @Override
  public <U> CompletionStage<U> thenCompose(Function<? super T, ? extends CompletionStage<U>> fn) {
    return toCompletableFuture().thenCompose(fn);
  }

  @Override
  public <U> CompletionStage<U> thenComposeAsync(Function<? super T, ? extends CompletionStage<U>> fn) {
    return toCompletableFuture().thenComposeAsync(fn);
  }

  @Override
  public <U> CompletionStage<U> thenComposeAsync(Function<? super T, ? extends CompletionStage<U>> fn,
                                                 Executor executor) {
    return toCompletableFuture().thenComposeAsync(fn, executor);
  }

  @Override
  public <U> CompletionStage<U> handle(BiFunction<? super T, Throwable, ? extends U> fn) {
    return toCompletableFuture().handle(fn);
  }

  @Override
  public <U> CompletionStage<U> handleAsync(BiFunction<? super T, Throwable, ? extends U> fn) {
    return toCompletableFuture().handleAsync(fn);
  }

  @Override
  public <U> CompletionStage<U> handleAsync(BiFunction<? super T, Throwable, ? extends U> fn, Executor executor) {
    return toCompletableFuture().handleAsync(fn, executor);
  }

  @Override
  public CompletionStage<T> whenCompleteAsync(BiConsumer<? super T, ? super Throwable> fn) {
    return toCompletableFuture().whenCompleteAsync(fn);
  }

  @Override
  public CompletionStage<T> whenCompleteAsync(BiConsumer<? super T, ? super Throwable> fn, Executor executor) {
    return toCompletableFuture().whenCompleteAsync(fn, executor);
  }

  @Override
  public CompletionStage<T> exceptionally(Function<Throwable, ? extends T> fn) {
    return toCompletableFuture().exceptionally(fn);
  }
}
