package io.github.ycsbtiers.redis.resp;

/**
 * What waits for one command's reply on a {@link RespConnection}; called on the connection's event
 * loop, exactly once, with either the reply or the failure.
 */
public interface RespCallback {
  /**
   * The server's reply: {@code byte[]} for a bulk string, {@code null} for a nil bulk string or
   * array, {@link Long} for an integer, {@link String} for a simple string, {@code List<Object>} for
   * an array (of these).
   */
  void reply(Object value);

  /** No reply: an error reply ({@link RespErrorReply}), a lost or unopened connection, a timeout. */
  void failed(Throwable cause);

  /** A callback that completes {@code future} with the reply, or exceptionally with the failure. */
  static RespCallback completing(java.util.concurrent.CompletableFuture<Object> future) {
    return new RespCallback() {
      @Override
      public void reply(Object value) {
        future.complete(value);
      }

      @Override
      public void failed(Throwable cause) {
        future.completeExceptionally(cause);
      }
    };
  }
}
