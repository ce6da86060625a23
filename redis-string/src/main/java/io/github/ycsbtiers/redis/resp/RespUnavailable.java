package io.github.ycsbtiers.redis.resp;

/**
 * A command that got no reply because the server could not be reached: the connection is closed,
 * being opened again, was lost with the command in flight, or the reply did not come within
 * {@code redis.timeout}.
 */
public final class RespUnavailable extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public RespUnavailable(String message, Throwable cause) {
    // one instance fails every command in flight on the connection: no stack trace to fill
    super(message, cause, false, false);
  }
}
