package io.github.ycsbtiers.redis.resp;

/** An error reply of the server ({@code -ERR ...}): the server was reached and refused the command. */
public final class RespErrorReply extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public RespErrorReply(String message) {
    // the message says all; a stack trace per error reply would only cost
    super(message, null, false, false);
  }
}
